#!/usr/bin/env node
// md-vector's command line: one file per command in ./commands (pastel), each a thin client of the daemon.

// chalk (under Ink) reads FORCE_COLOR but not NO_COLOR (https://no-color.org): map one to the other before it loads.
if (process.env.NO_COLOR && process.env.FORCE_COLOR === undefined) {
	process.env.FORCE_COLOR = '0';
}

// `--url URL` (any command, and the TUI) is MD_VECTOR_URL: a daemon elsewhere. Taken out before the commands parse.
const arguments_ = process.argv.slice(2);
const urlAt = arguments_.findIndex(argument => argument === '--url' || argument.startsWith('--url='));
if (urlAt !== -1) {
	const url = arguments_[urlAt] === '--url' ? arguments_[urlAt + 1] : arguments_[urlAt]!.slice('--url='.length);
	if (!url || !/^https?:\/\//.test(url)) {
		process.stderr.write(`md-vector: --url must be the daemon's http(s) address, e.g. --url https://notes.example.com:7821, got '${url ?? ''}'\n`);
		process.exit(2);
	}

	process.env.MD_VECTOR_URL = url;
	arguments_.splice(urlAt, arguments_[urlAt] === '--url' ? 2 : 1);
	process.argv.splice(2, Infinity, ...arguments_); // pastel reads process.argv
}

// Under CI=true Ink prints its last frame plus a newline at exit even when a command drew nothing, which would
// put a stray line after `--json` output. md-vector renders one final frame anyway: Ink's CI mode is not needed.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;

// `mcp` speaks the protocol on stdout: it must never load Ink. Scripts calling `search`/`stats`/... --json skip
// loading Ink and pastel too (most of a one-shot call's time).
const {jsonFastPath} = await import('./json-fast-path.js');
// The TUI (no command, or only its `-C NAME`) is mounted here, not by pastel (see tui-arguments.ts).
const {tuiArguments} = await import('./ui/tui/tui-arguments.js');
const tui = tuiArguments(arguments_);
if (arguments_[0] === 'mcp') {
	const {runMcpBridge} = await import('./mcp-bridge.js');
	await runMcpBridge(arguments_.slice(1));
} else if (tui && 'error' in tui) {
	process.stderr.write(`md-vector: ${tui.error}\n`);
	process.exitCode = 2;
} else if (tui) {
	const {runTui} = await import('./ui/tui/run-tui.js');
	await runTui(tui.collection);
} else if (!(await jsonFastPath(arguments_))) {
	const {default: Pastel} = await import('pastel');
	await new Pastel({importMeta: import.meta, name: 'md-vector'}).run();
}
