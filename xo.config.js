// Lint rules: xo's defaults (as Ink uses), minus the ones that fight what this code must do.

const backendFolders = {group: ['**/storage/embedded/**', '**/storage/postgres/**'], message: 'only storage/ knows its backends: use the Storage interface (storage.ts), or move what both backends share into daemon/engine/storage/.'};
const engineBoundaries = [
	{group: ['**/routes/**', '**/mcp/**', '**/http/**', '**/oauth/**', '**/to-wire/**', '**/jobs/**', '**/watch/**', '**/use-cases/**', '**/app.js', '**/server.js'], message: 'the engine knows no front door: front doors call the engine.'},
	{group: ['**/common/wire/**'], message: 'the engine speaks its own types (camelCase, in daemon/engine/): daemon/to-wire/ maps them to the API\'s.'},
];

/** @type {import('xo').FlatXoConfig} */
const config = [
	{
		ignores: ['dist/**', 'media/**', 'test/fixtures/**', 'assets/**'],
	},
	{
		rules: {
			// The wire format is the spec's snake_case (top_k, source_file, heading_level...).
			'@typescript-eslint/naming-convention': 'off',
			// JSON from files, the network and SQLite rows is checked by zod or typed at the boundary.
			'@typescript-eslint/no-unsafe-member-access': 'off',
			'@typescript-eslint/no-unsafe-assignment': 'off',
			'@typescript-eslint/no-unsafe-type-assertion': 'off',
			'@typescript-eslint/no-unsafe-call': 'off',
			'@typescript-eslint/no-unsafe-argument': 'off',
			'@typescript-eslint/no-unsafe-return': 'off',
			// Sequential awaits are deliberate: one write queue, one index thread, ordered batches.
			'no-await-in-loop': 'off',
			// `${VAR}` references are md-vector's configuration syntax, written literally.
			'no-template-curly-in-string': 'off',
			'capitalized-comments': 'off',
			'@stylistic/max-len': 'off',
			'@stylistic/array-element-newline': 'off',
			'@stylistic/object-curly-newline': 'off',
			'unicorn/no-await-expression-member': 'off',
			'@typescript-eslint/no-restricted-types': 'off',
			'n/prefer-global/process': 'off',
			'n/prefer-global/buffer': 'off',
			'no-bitwise': 'off',
			'max-params': 'off',
			'unicorn/no-array-sort': 'off',
			// Adding u/v to existing patterns changes what some of them match; new code may use them.
			'require-unicode-regexp': 'off',
			// Variables as assertion messages (the mode, the file) say which case of a table failed.
			'ava/assertion-arguments': 'off',
			// Callbacks that return what they call (resolve, emit) are idiomatic with Node's APIs.
			'@typescript-eslint/strict-void-return': 'off',
			'no-promise-executor-return': 'off',
			// `void promise` marks a deliberately floating promise.
			'no-void': 'off',
			// Members are ordered by topic (a store's reads beside the writes they pair with).
			'@typescript-eslint/member-ordering': 'off',
			'new-cap': ['error', {capIsNewExceptions: ['Router']}],
			// Node's EventEmitter and worker.onmessage are the APIs in use here.
			'unicorn/prefer-event-target': 'off',
			'unicorn/prefer-add-event-listener': 'off',
			'unicorn/no-array-callback-reference': 'off',
		},
	},
	// Import boundaries (ARCHITECTURE.md): the command never loads the daemon; common/ is shared by both; the engine
	// knows no front door; front doors reach the engine only through the use cases, and storage only through the engine.
	{
		files: ['source/**/*.{ts,tsx}'],
		rules: {'no-restricted-imports': ['error', {patterns: [{group: ['**/daemon/**'], message: 'source/ is a client of the daemon over HTTP: move what both need to common/.'}]}]},
	},
	{
		// The helpers every command and the UI use: they import them, never the other way (no folder loop).
		files: ['source/cli/**/*.{ts,tsx}'],
		rules: {'no-restricted-imports': ['error', {patterns: [
			{group: ['**/daemon/**'], message: 'source/ is a client of the daemon over HTTP: move what both need to common/.'},
			{group: ['**/commands/**', '**/ui/**', '**/command-table/**', '../run-cli.js', '../cli.js'], message: 'cli/ holds the helpers commands/, ui/ and the command table import: it imports none of them.'},
		]}]},
	},
	{
		files: ['common/**/*.ts'],
		rules: {'no-restricted-imports': ['error', {patterns: [{group: ['**/daemon/**', '**/source/**'], message: 'common/ is shared by the command and the daemon: it imports neither.'}]}]},
	},
	// Outside storage/, nothing names a backend's folder: both backends answer the Storage interface (storage.ts),
	// and what both need (the vector codec and rules) lives in storage/ itself. Each group below repeats it, as a
	// later group's rule replaces an earlier one's for the files both match.
	{
		files: ['daemon/**/*.ts'],
		ignores: ['daemon/engine/storage/**'],
		rules: {'no-restricted-imports': ['error', {patterns: [backendFolders]}]},
	},
	// The engine speaks its own types (to-wire/ maps them to the API's) and knows no front door.
	{
		files: ['daemon/engine/**/*.ts'],
		rules: {'no-restricted-imports': ['error', {patterns: engineBoundaries}]},
	},
	{
		files: ['daemon/engine/**/*.ts'],
		ignores: ['daemon/engine/storage/**'],
		rules: {'no-restricted-imports': ['error', {patterns: [...engineBoundaries, backendFolders]}]},
	},
	// Jobs and followers run under the use cases: they keep domain types (jobs/job.ts), which to-wire/ maps for the API,
	// and throw domain errors (engine/errors.ts), which each front door maps.
	{
		files: ['daemon/jobs/**/*.ts', 'daemon/watch/**/*.ts'],
		rules: {'no-restricted-imports': ['error', {patterns: [
			{group: ['**/routes/**', '**/mcp/**', '**/http/**', '**/oauth/**'], message: 'jobs and followers know no front door: throw a domain error (engine/errors.ts) and let the front door answer it.'},
			{group: ['**/to-wire/**', '**/common/wire/**'], message: 'jobs and followers keep domain types (camelCase, jobs/job.ts): the front doors map them to the API\'s with daemon/to-wire/.'},
			backendFolders,
		]}]},
	},
	{
		files: ['daemon/oauth/**/*.ts'],
		rules: {'no-restricted-imports': ['error', {patterns: [{group: ['**/engine/storage/**'], message: 'front doors reach storage only through the engine.'}, backendFolders]}]},
	},
	// REST routes, MCP tools and the HTTP edge are adapters of the use cases: they reach the engine only through them.
	{
		files: ['daemon/routes/**/*.ts', 'daemon/mcp/**/*.ts', 'daemon/http/**/*.ts'],
		rules: {'no-restricted-imports': ['error', {patterns: [{group: ['**/engine/**', '**/engine.js'], message: 'front doors call the use cases (daemon/use-cases/), never the engine: one permission check and one answer per operation for every front door.'}, backendFolders]}]},
	},
	// The use cases know no front door: they take an Actor and domain input, and answer domain results or errors.
	{
		files: ['daemon/use-cases/**/*.ts'],
		rules: {'no-restricted-imports': ['error', {patterns: [{group: ['**/routes/**', '**/mcp/**', '**/http/**', '**/oauth/**', '**/to-wire/**', '**/engine/storage/**', 'express'], message: 'use cases know no front door (nor storage: they call the engine).'}, backendFolders]}]},
	},
	// Tests inject fakes (an embedder, a clock) and poll for conditions: no module mocks, no fixed sleeps.
	{
		files: ['test/**/*.{ts,tsx}'],
		rules: {
			'no-restricted-imports': ['error', {
				paths: ['esmock', 'proxyquire', 'testdouble', 'sinon', 'quibble', 'mock-require', 'rewiremock'].map(name => ({name, message: 'no module mocks: inject a fake instead.'})),
				patterns: [{group: ['node:timers/promises', 'timers/promises'], message: 'no fixed sleeps in tests: poll for the condition (source/client/poll.js).'}],
			}],
			'no-restricted-syntax': ['error', {
				selector: 'NewExpression[callee.name="Promise"] CallExpression[callee.name="setTimeout"][arguments.0.type="Identifier"]',
				message: 'no fixed sleeps in tests: poll for the condition (source/client/poll.js).',
			}, {
				selector: 'MemberExpression[object.name="mock"][property.name="module"]',
				message: 'no module mocks: inject a fake instead.',
			}],
		},
	},
];

export default config;
