// Commands about the daemon and md-vector itself: serve, stop, config, completion, capabilities, MCP, clients.
import {settingNames} from '../../common/settings/setting-keys.js';
import {checkDatabaseUrl, checkPort} from '../cli/options.js';
import type {CommandSpec} from '../cli/spec.js';

export const shells = ['bash', 'zsh', 'fish'] as const;

const keyArgument = {
	name: 'KEY', description: 'a setting (md-vector config list shows them all)', choices: settingNames,
	// The config file is a plain file: a model server's key stays out of it (docs/models.md).
	refused: {'embed-key': 'is not a setting, so no file holds the key: give it to the daemon in MD_VECTOR_EMBED_KEY, or store a command that prints it: md-vector config set embed-key-command \'pass show openai\''},
};

export const adminCommands: CommandSpec[] = [
	{
		name: 'serve',
		summary: 'run the daemon in the foreground (other commands start it in the background)',
		details: 'Logs go to stderr. Ctrl-C stops it now (running jobs are cancelled, what they committed is kept); SIGTERM lets running jobs finish first.',
		options: [
			{name: 'port', short: 'p', value: 'port', description: 'port to listen on, 0 for any free port (default: the port setting, else 7821)', check: checkPort},
			{name: 'host', value: 'address', description: 'address to listen on (anything but loopback needs MD_VECTOR_API_KEY)', default: '127.0.0.1'},
			{name: 'database-url', value: 'url', description: 'serve the collections of this PostgreSQL database (with pgvector), shared with other daemons, instead of the built-in store (default: MD_VECTOR_DATABASE_URL, else the database-url setting)', check: checkDatabaseUrl},
		],
		examples: ['md-vector serve -p 7821', 'md-vector serve -p 7822 --database-url postgres://md@db.internal/docs'],
		load: async () => import('../commands/serve.js'),
	},
	{
		name: 'stop',
		summary: 'stop the daemon: running jobs finish first (--now cancels them)',
		details: 'The daemon keeps answering while it waits for running jobs (new ones are refused), then saves and exits. The next command starts it again.',
		options: [{name: 'now', description: 'cancel running jobs instead of waiting (what they committed is kept; their clients say so)'}],
		examples: ['md-vector stop', 'md-vector stop --now'],
		load: async () => import('../commands/stop.js'),
	},
	{
		name: 'restart',
		summary: 'stop the daemon and start it again with this environment and settings (a new model, say)',
		details: 'Running jobs finish first (--now cancels them). The daemon reads the model (MD_VECTOR_MODEL_DIR, md-vector config set model) and '
			+ 'its other settings when it starts: restart applies a change. It then waits for the model and says which one it loaded, and from which setting.',
		options: [{name: 'now', description: 'cancel running jobs instead of waiting (what they committed is kept)'}],
		json: true,
		examples: ['md-vector restart   # after export MD_VECTOR_MODEL_DIR=~/models/bge-small-en-v1.5, or md-vector config set model', 'md-vector restart --now --json'],
		load: async () => import('../commands/restart.js'),
	},
	{
		name: 'config list',
		summary: 'every setting, its value and where it comes from (environment, file, default)',
		json: true,
		examples: ['md-vector config list'],
		load: async () => import('../commands/config/list.js'),
	},
	{
		name: 'config get',
		summary: 'print one setting\'s value in force',
		args: [keyArgument],
		json: true,
		examples: ['md-vector config get port'],
		load: async () => import('../commands/config/get.js'),
	},
	{
		name: 'config set',
		summary: 'store a setting in the config file (checked first)',
		details: 'An environment variable of the same setting still wins. The daemon reads settings when it starts: `md-vector restart` applies them.',
		args: [keyArgument, {name: 'VALUE', description: 'the value (allowed-roots: absolute folders separated by :)'}],
		json: true,
		examples: ['md-vector config set model /srv/models/bge-small-en-v1.5', 'md-vector config set allowed-roots /srv/notes:/mnt/wiki'],
		load: async () => import('../commands/config/set.js'),
	},
	{
		name: 'config unset',
		summary: 'remove a setting from the config file (back to its default)',
		details: 'Also removes a key of the file that is no setting (a typo), which stops the daemon from starting.',
		args: [{...keyArgument, open: true}],
		json: true,
		examples: ['md-vector config unset rate-limit'],
		load: async () => import('../commands/config/unset.js'),
	},
	{
		name: 'completion',
		summary: 'print a completion script for bash, zsh or fish',
		details: 'bash: add `source <(md-vector completion bash)` to ~/.bashrc. zsh: `source <(md-vector completion zsh)` in ~/.zshrc (after compinit). fish: `md-vector completion fish > ~/.config/fish/completions/md-vector.fish`.',
		args: [{name: 'SHELL', description: 'the shell', choices: shells}],
		examples: ['md-vector completion bash >> ~/.bashrc'],
		load: async () => import('../commands/completion.js'),
	},
	{
		name: 'capabilities check',
		summary: 'check capability files as the daemon reads them: each problem with file, JSON path, rule',
		args: [{name: 'FILE', description: 'a capability file or clients.json (default: all of the config folder)', optional: true, completes: 'file'}],
		json: true,
		examples: ['md-vector capabilities check ~/.config/md-vector/capabilities/assistant.json'],
		load: async () => import('../commands/capabilities/check.js'),
	},
	{
		name: 'capabilities explain',
		summary: 'what a client may do: effective permissions and the capability granting each',
		options: [
			{name: 'client', value: 'label', description: 'the client label (from clients.json)', required: true},
			{name: 'origin', value: 'url', description: 'explain for a request from this web origin (or remote address) instead of loopback'},
		],
		json: true,
		examples: ['md-vector capabilities explain --client assistant', 'md-vector capabilities explain --client web --origin https://notes.example.com'],
		load: async () => import('../commands/capabilities/explain.js'),
	},
	{
		name: 'mcp',
		summary: 'an MCP server on stdin/stdout for AI assistants (md-vector mcp --help)',
		ownArguments: true,
		options: [{name: 'read-only', description: 'offer no write tools (ingest, delete_document)'}],
		examples: ['md-vector mcp --read-only'],
		load: async () => import('../commands/mcp.js'),
	},
	{
		name: 'mcp-config',
		summary: 'print a server entry for an AI assistant\'s MCP configuration, ready to paste (secrets as ${VARIABLE})',
		details: 'stdio: an absolute command (the assistant starts `md-vector mcp`, which reaches or starts the daemon) with the settings of this shell as env. http and sse: the URL at the configured port (the port setting), alone while OAuth is on: the assistant signs in on md-vector\'s consent page. Warnings (a client that does not exist, a key variable that is not set, a temporary port) go to stderr.',
		options: [
			{name: 'type', value: 'type', description: 'stdio: the assistant starts `md-vector mcp`; http: it connects to the daemon\'s /mcp; sse: the legacy transport at /sse', default: 'stdio', choices: ['http', 'sse', 'stdio']},
			{name: 'client', value: 'label', description: 'the client label (clients.json) whose key the assistant sends'},
			{name: 'read-only', description: 'offer no write tools (stdio: --read-only; http: a header)'},
			{name: 'name', value: 'name', description: 'the server\'s name in the configuration', default: 'md-vector'},
		],
		json: true,
		examples: [
			'md-vector mcp-config                     # stdio: the assistant starts md-vector mcp',
			'md-vector mcp-config --type http         # the URL alone: the assistant signs in with OAuth',
			'md-vector mcp-config --type http --client assistant --read-only',
		],
		load: async () => import('../commands/mcp-config.js'),
	},
	{
		name: 'clients list',
		summary: 'the clients: API keys of clients.json, and applications signed in with OAuth (what, where, last used)',
		json: true,
		examples: ['md-vector clients list', 'md-vector clients list --json | jq \'.clients[] | select(.kind == "oauth") | .label\''],
		load: async () => import('../commands/clients/list.js'),
	},
	{
		name: 'clients revoke',
		summary: 'revoke an application\'s OAuth sign-in: its tokens stop working at once (401)',
		details: 'The application has to ask again on the consent page. Name it by its label (oauth:<client id>), or by the name it gave itself when no other sign-in has that name. A clients.json key is revoked by removing it from clients.json.',
		args: [{name: 'LABEL', description: 'the sign-in\'s label, or its application\'s name (md-vector clients list)'}],
		json: true,
		examples: ['md-vector clients revoke oauth:4f1c2a9e-0b7d-4c55-9a64-1d2e3f405162', 'md-vector clients revoke "Claude Code"'],
		load: async () => import('../commands/clients/revoke.js'),
	},
	{
		name: 'clients sign-in',
		summary: 'answer an application waiting on the consent page: opens it signed in as you (a one-time link)',
		details: 'Start the sign-in in the assistant first (its MCP entry has the URL alone: md-vector mcp-config --type http); this opens md-vector\'s consent page for it, where you choose what it may do, then Allow or Deny. The link works once, for 5 minutes.',
		options: [
			{name: 'request', value: 'id', description: 'the waiting request (default: the newest)'},
			{name: 'no-open', description: 'print the link only; do not open the browser'},
		],
		json: true,
		examples: ['md-vector clients sign-in', 'md-vector clients sign-in --no-open      # print the link only'],
		load: async () => import('../commands/clients/sign-in.js'),
	},
];
