/** What an export header names, for bodies that get past it. */
export type ExportContext = {readonly modelId: string; readonly dims: number; readonly chunkerVersion: number};

/** A body to send: its pieces are made as they are sent (500 MB is never held), and what the daemon must answer. */
export type HostileBody = {
	readonly name: string;
	readonly contentType: string;
	readonly pieces: () => Generator<Buffer>;
	readonly status: number;
	/** What the error message must name: where the problem is. */
	readonly where: RegExp;
};

const mb = 1024 * 1024;

/** `prefix`, then `unit` repeated (in 1 MB pieces) until the body is `bytes` long; never closed. */
function * repeated(prefix: string, unit: string, bytes: number): Generator<Buffer> {
	yield Buffer.from(prefix);
	const piece = Buffer.from(unit.repeat(Math.max(1, Math.floor(mb / unit.length))));
	for (let sent = prefix.length; sent < bytes; sent += piece.length) {
		yield piece;
	}
}

function header(context: ExportContext): Record<string, unknown> {
	return {format: 'md-vector-export', version: 1, collection: 'hostile', model_id: context.modelId, dims: context.dims, chunker_version: context.chunkerVersion, exported_at: new Date().toISOString()};
}

/** The header as a json export's opening, up to and including `"documents":[`. */
const jsonOpening = (context: ExportContext) => `${JSON.stringify(header(context)).slice(0, -1)},"documents":[`;

/** A valid exported document of 10 chunks with unit vectors (about 20 KB at 384 dimensions). */
function documentLine(name: string, context: ExportContext, vector: string): string {
	return JSON.stringify({file_name: name, title: name, tags: [], content_hash: `h-${name}`, byte_size: 100, chunks: Array.from({length: 10}, (_, ordinal) => ({
		id: `${name}-${ordinal}`, ordinal, section_title: 'S', heading_level: 1, heading_path: [name, 'S'], content: `Chunk ${ordinal} of ${name} about compost.`,
		start_line: ordinal + 1, end_line: ordinal + 1, tokens: 8, text_hash: `t-${name}-${ordinal}`, vector,
	}))});
}

function unitVector(dims: number): string {
	const value = 1 / Math.sqrt(dims);
	return Buffer.from(Float32Array.from({length: dims}, () => value).buffer).toString('base64');
}

/** Valid documents (jsonl) until `bytes`, then one that is not: the import is refused at its end, nothing stored. */
function * validThenBroken(context: ExportContext, bytes: number): Generator<Buffer> {
	yield Buffer.from(`${JSON.stringify(header(context))}\n`);
	const vector = unitVector(context.dims);
	let sent = 0;
	for (let index = 0; sent < bytes; index++) {
		const line = Buffer.from(`${documentLine(`doc-${index}.md`, context, vector)}\n`);
		sent += line.length;
		yield line;
	}

	yield Buffer.from('{"file_name": 3}\n');
}

/**
 * The import bodies of issue 25's attack, each about `bytes` long (the NDJSON lines without a newline have their
 * own fixed sizes): every one must be refused with a 4xx naming where, quickly, within the memory budget.
 */
export function hostileBodies(context: ExportContext, bytes: number): HostileBody[] {
	const json = 'application/json';
	const ndjson = 'application/x-ndjson';
	const headerLine = `${JSON.stringify(header(context))}\n`;
	return [
		{name: 'one huge array of tiny elements', contentType: json, pieces: () => repeated('[', '0,', bytes), status: 400, where: /^import: line 1: /},
		{name: 'documents: a huge array of tiny elements', contentType: json, pieces: () => repeated(jsonOpening(context), '0,', bytes), status: 400, where: /^import: line 1: document 1: /},
		{name: 'one document of tiny elements', contentType: json, pieces: () => repeated(`${jsonOpening(context)}{"file_name":"a.md","chunks":[`, '0,', bytes), status: 413, where: /^import: document 1: /},
		{name: 'a header field of tiny elements (no document list)', contentType: json, pieces: () => repeated('{"format":"md-vector-export","notes":[', '0,', bytes), status: 413, where: /^import: line 1: /},
		{name: 'an object of many keys (no document list)', contentType: json, pieces: () => repeated('{', '"key":0,', bytes), status: 413, where: /^import: line 1: /},
		{name: 'deep nesting', contentType: json, pieces: () => repeated(`${jsonOpening(context)}{"file_name":"a.md","chunks":`, '[', bytes), status: 400, where: /^import: document 1: .*nested/},
		{name: 'a giant line (one string)', contentType: ndjson, pieces: () => repeated(`${headerLine}{"file_name":"a.md","title":"`, 'x', bytes), status: 413, where: /^import: line 2: /},
		{name: '32 MB NDJSON line without a newline', contentType: ndjson, pieces: () => repeated(`${headerLine}{"file_name":"a.md","title":"`, 'a', 32 * mb), status: 413, where: /^import: line 2: /},
		{name: '64 MB NDJSON line without a newline', contentType: ndjson, pieces: () => repeated(`${headerLine}{"file_name":"a.md","title":"`, 'a', 64 * mb), status: 413, where: /^import: line 2: /},
		{name: 'valid documents, the last one broken', contentType: ndjson, pieces: () => validThenBroken(context, bytes), status: 400, where: /^import: line \d+: /},
	];
}
