// What a user sets once with `md-vector config set`, without zod (the one-shot CLI's help and completions
// read this list). The rules are in settings-schema.ts; the environment variable of a key wins over the file.

export type SettingKey = 'model' | 'port' | 'allowed-roots' | 'rate-limit' | 'watch' | 'database-url'
	| 'embed-provider' | 'embed-url' | 'embed-model' | 'embed-dimensions' | 'embed-key-command';

export type SettingInfo = {
	/** The environment variables that set it (and win over the file). */
	readonly env: readonly string[];
	readonly description: string;
	/** As `config list` shows it when nothing sets it. */
	readonly defaultText: string;
	/** Read by the daemon when it starts: a change needs a restart. */
	readonly restart: boolean;
};

export const settingKeys: Readonly<Record<SettingKey, SettingInfo>> = {
	model: {env: ['MD_VECTOR_MODEL_DIR', 'MD_VECTOR_MODEL'], description: 'embedding model: a name md-vector knows (md-vector model list; loaded from its installed folder, else the hub), a local model folder (absolute path) or a hub id', defaultText: 'bge-small-en-v1.5', restart: true},
	port: {env: ['MD_VECTOR_PORT'], description: 'port of the daemon a command starts (taken: any free port; 0: always any free port)', defaultText: '7821', restart: true},
	'allowed-roots': {env: ['MD_VECTOR_ALLOWED_ROOTS'], description: 'folders, besides your home, that other clients may have the daemon read (absolute paths, : between them)', defaultText: '(none)', restart: true},
	'rate-limit': {env: ['MD_VECTOR_RATE_LIMIT'], description: 'requests per minute per client (0: no limit; your own commands are never limited)', defaultText: '30', restart: true},
	watch: {env: ['MD_VECTOR_WATCH'], description: 'the daemon follows every folder source from its start and syncs what changes (as md-vector watch does while it runs)', defaultText: 'false', restart: true},
	'database-url': {env: ['MD_VECTOR_DATABASE_URL'], description: 'a PostgreSQL database with pgvector (postgres://...) instead of the built-in store: daemons pointed at one database serve the same collections', defaultText: '(the built-in SQLite store)', restart: true},
	// Embeddings from a model server (docs/models.md). The key itself is never a setting: a file others may read
	// would hold it. It comes from MD_VECTOR_EMBED_KEY, or from the command embed-key-command names.
	'embed-provider': {env: ['MD_VECTOR_EMBED_PROVIDER'], description: 'where vectors come from: local (the model runs in the daemon), openai (an OpenAI-compatible server) or ollama', defaultText: 'local', restart: true},
	'embed-url': {env: ['MD_VECTOR_EMBED_URL'], description: 'the model server\'s base URL (openai: up to /v1, e.g. http://127.0.0.1:8080/v1; ollama: http://127.0.0.1:11434)', defaultText: '(openai: https://api.openai.com/v1; ollama: http://127.0.0.1:11434)', restart: true},
	'embed-model': {env: ['MD_VECTOR_EMBED_MODEL'], description: 'the model\'s name on the server (e.g. text-embedding-3-small, nomic-embed-text); collections record it as openai:NAME or ollama:NAME', defaultText: '(none: needed with openai or ollama)', restart: true},
	'embed-dimensions': {env: ['MD_VECTOR_EMBED_DIMENSIONS'], description: 'vector size to ask an openai server for (models that can shorten their vectors, e.g. text-embedding-3-*); unset: the model\'s own', defaultText: '(the model\'s own)', restart: true},
	'embed-key-command': {env: ['MD_VECTOR_EMBED_KEY_COMMAND'], description: 'a command that prints the model server\'s key (e.g. pass show openai); MD_VECTOR_EMBED_KEY wins over it', defaultText: '(none)', restart: true},
};

export const settingNames = Object.keys(settingKeys) as SettingKey[];
