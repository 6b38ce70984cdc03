/** Keys of the matrix daemon's owner and clients (test values, given to it as environment variables). */
export const keys = {
	owner: 'owner-key-0123456789abcdef', reader: 'reader-key-0123456789', writer: 'writer-key-0123456789',
	deleter: 'deleter-key-0123456789', web: 'web-key-0123456789', stranger: 'stranger-key-0123456789',
} as const;

export type Principal = 'owner' | 'reader' | 'writer' | 'deleter' | 'web' | 'stranger' | 'nobody';

/** A way of presenting (or not) a key, and who the daemon must take it for ('nobody': refused with 401). */
export type Credential = {readonly name: string; readonly as: Principal; readonly headers: Record<string, string | string[]>; readonly query?: string};

export const allowedOrigin = 'https://notes.example.com';

export const credentials: readonly Credential[] = [
	{name: 'no key', as: 'nobody', headers: {}},
	{name: 'owner X-API-Key', as: 'owner', headers: {'x-api-key': keys.owner}},
	{name: 'owner Bearer', as: 'owner', headers: {authorization: `Bearer ${keys.owner}`}},
	{name: 'owner bearer (scheme in lower case)', as: 'owner', headers: {authorization: `bearer ${keys.owner}`}},
	{name: 'owner key in upper case', as: 'nobody', headers: {'x-api-key': keys.owner.toUpperCase()}},
	{name: 'owner key without its last character', as: 'nobody', headers: {'x-api-key': keys.owner.slice(0, -1)}},
	{name: 'owner key with one more character', as: 'nobody', headers: {'x-api-key': `${keys.owner}x`}},
	{name: 'owner key in the query string', as: 'nobody', headers: {}, query: `api_key=${keys.owner}`},
	{name: 'owner key as Basic credentials', as: 'nobody', headers: {authorization: `Basic ${Buffer.from(`owner:${keys.owner}`).toString('base64')}`}},
	{name: 'owner key after two tokens', as: 'nobody', headers: {authorization: `Bearer x ${keys.owner}`}},
	{name: 'empty Bearer', as: 'nobody', headers: {authorization: 'Bearer '}},
	{name: 'a wrong key and the owner key in two X-API-Key headers', as: 'nobody', headers: {'x-api-key': ['wrong', keys.owner]}},
	{name: 'a wrong key', as: 'nobody', headers: {'x-api-key': 'wrong-key'}},
	{name: 'reader', as: 'reader', headers: {'x-api-key': keys.reader}},
	{name: 'reader Bearer', as: 'reader', headers: {authorization: `Bearer ${keys.reader}`}},
	{name: 'writer', as: 'writer', headers: {'x-api-key': keys.writer}},
	{name: 'deleter', as: 'deleter', headers: {'x-api-key': keys.deleter}},
	{name: 'stranger (a client no capability names)', as: 'stranger', headers: {'x-api-key': keys.stranger}},
	{name: 'web client over loopback (its capability is local: false)', as: 'stranger', headers: {'x-api-key': keys.web}},
	{name: 'web client from its allowed origin', as: 'web', headers: {'x-api-key': keys.web, origin: allowedOrigin}},
	{name: 'web client from another origin', as: 'stranger', headers: {'x-api-key': keys.web, origin: 'https://evil.example'}},
];

/** The capability files and clients of the matrix daemon. */
export const capabilityFiles = {
	capabilities: [
		{identifier: 'reader', clients: ['reader'], permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}, {identifier: 'collections:read', allow: [{collection: 'notes'}]}]},
		{identifier: 'writer', clients: ['writer'], permissions: [{identifier: 'ingest:default', allow: [{collection: 'notes'}]}]},
		{identifier: 'deleter', clients: ['deleter'], permissions: [{identifier: 'documents:delete', allow: [{collection: 'notes'}]}, {identifier: 'collections:read', allow: [{collection: 'notes'}]}]},
		{identifier: 'web', clients: ['web'], local: false, remote: {urls: [allowedOrigin]}, permissions: [{identifier: 'search:default', allow: [{collection: 'notes'}]}]},
	],
	clients: {clients: ['reader', 'writer', 'deleter', 'web', 'stranger'].map(label => ({label, key: `\${${label.toUpperCase()}_KEY}`}))},
	env: {READER_KEY: keys.reader, WRITER_KEY: keys.writer, DELETER_KEY: keys.deleter, WEB_KEY: keys.web, STRANGER_KEY: keys.stranger},
};
