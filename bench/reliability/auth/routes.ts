import type {Principal} from './credentials.js';

/** A request of the matrix, who may make it (the owner always may), and text a refused reader must never see. */
export type Row = {
	readonly name: string;
	readonly method: string;
	readonly path: string;
	readonly body?: unknown;
	readonly contentType?: string;
	readonly allowed: readonly Principal[];
	/** Finding a wrong answer belongs to. */
	readonly finding?: string;
	/** A success whose body holds this, for anyone but the owner, disclosed what it must not. */
	readonly secret?: string;
};

const call = (id: number, name: string, arguments_: Record<string, unknown>) => ({jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments: arguments_}});

export function matrixRows(folder: string): Row[] {
	return [
		{name: 'GET /collections', method: 'GET', path: '/api/v1/collections', allowed: ['reader', 'deleter'], secret: 'private'},
		{name: 'GET /stats notes', method: 'GET', path: '/api/v1/stats?collection=notes', allowed: ['reader', 'deleter']},
		{name: 'GET /stats private', method: 'GET', path: '/api/v1/stats?collection=private', allowed: []},
		{name: 'GET /documents private', method: 'GET', path: '/api/v1/documents?collection=private', allowed: []},
		{name: 'POST /search notes', method: 'POST', path: '/api/v1/search', body: {query: 'compost', collection: 'notes', mode: 'keyword'}, allowed: ['reader', 'web']},
		{name: 'POST /search private', method: 'POST', path: '/api/v1/search', body: {query: 'topsecret', collection: 'private', mode: 'keyword'}, allowed: [], secret: 'topsecret'},
		{name: 'POST /ingest notes', method: 'POST', path: '/api/v1/ingest', body: {content: '# Matrix\n\nMatrix note.\n', file_name: 'matrix.md', collection: 'notes'}, allowed: ['writer']},
		{name: 'POST /ingest private', method: 'POST', path: '/api/v1/ingest', body: {content: '# Matrix\n\nMatrix note.\n', file_name: 'matrix.md', collection: 'private'}, allowed: []},
		{name: 'DELETE a document of private', method: 'DELETE', path: '/api/v1/documents/absent.md?collection=private', allowed: []},
		{name: 'GET /export private', method: 'GET', path: '/api/v1/export?collection=private', allowed: [], secret: 'topsecret'},
		{name: 'POST /import into private', method: 'POST', path: '/api/v1/import?collection=private', body: '{}', contentType: 'application/json', allowed: []},
		{name: 'POST /jobs/ingest-directory into private', method: 'POST', path: '/api/v1/jobs/ingest-directory', body: {directory: folder, collection: 'private'}, allowed: []},
		{name: 'GET /jobs', method: 'GET', path: '/api/v1/jobs', allowed: ['writer']},
		// The permission is checked on the collection in the body, the route reads the one in the query.
		{name: 'GET /documents?collection=private with a body naming notes', method: 'GET', path: '/api/v1/documents?collection=private', body: {collection: 'notes'}, allowed: [], finding: 'N-collection-confusion', secret: 'secret.md'},
		{name: 'GET /stats?collection=private with a body naming notes', method: 'GET', path: '/api/v1/stats?collection=private', body: {collection: 'notes'}, allowed: [], finding: 'N-collection-confusion', secret: '"private"'},
		{name: 'DELETE in private with a body naming notes', method: 'DELETE', path: '/api/v1/documents/absent.md?collection=private', body: {collection: 'notes'}, allowed: [], finding: 'N-collection-confusion'},
		{name: 'MCP search notes', method: 'POST', path: '/mcp', body: call(1, 'search', {query: 'compost', collection: 'notes', mode: 'keyword'}), allowed: ['reader', 'web']},
		{name: 'MCP search private', method: 'POST', path: '/mcp', body: call(2, 'search', {query: 'topsecret', collection: 'private', mode: 'keyword'}), allowed: [], secret: 'topsecret'},
		{name: 'MCP list_collections', method: 'POST', path: '/mcp', body: call(3, 'list_collections', {}), allowed: ['reader', 'deleter'], secret: 'private'},
		{name: 'MCP ingest notes', method: 'POST', path: '/mcp', body: call(4, 'ingest', {content: '# M\n\nM.\n', file_name: 'mcp.md', collection: 'notes'}), allowed: ['writer']},
		{name: 'MCP delete_document private', method: 'POST', path: '/mcp', body: call(5, 'delete_document', {file: 'absent.md', collection: 'private'}), allowed: []},
		{name: 'MCP get_document_section private', method: 'POST', path: '/mcp', body: call(6, 'get_document_section', {file: 'secret.md', collection: 'private'}), allowed: [], secret: 'topsecret'},
		{name: 'MCP stats private', method: 'POST', path: '/mcp', body: call(7, 'stats', {collection: 'private'}), allowed: []},
		{name: 'MCP a batch: search notes and search private', method: 'POST', path: '/mcp', body: [call(8, 'search', {query: 'compost', collection: 'notes'}), call(9, 'search', {query: 'topsecret', collection: 'private'})], allowed: [], secret: 'topsecret'},
	];
}
