#!/usr/bin/env node
// md-vector's command line. One-shot commands print lines and load neither Ink nor React (they cost ~1 s of
// every call); the terminal UI, and the live progress bar of ingest-dir on a terminal, load them.

// chalk (under Ink, for the TUI and live progress) reads FORCE_COLOR but not NO_COLOR (https://no-color.org):
// map one to the other before it loads. Under CI=true Ink prints its last frame again at exit: not wanted.
if (process.env.NO_COLOR && process.env.FORCE_COLOR === undefined) {
	process.env.FORCE_COLOR = '0';
}

delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;

// `--url URL` (any command, and the TUI) is MD_VECTOR_URL: a daemon elsewhere. Taken out before the command parses.
const words = process.argv.slice(2);
const urlAt = words.findIndex(word => word === '--url' || word.startsWith('--url='));
if (urlAt !== -1 && words.includes('--') && words.indexOf('--') < urlAt) {
	// After `--` it is an argument, not an option.
} else if (urlAt !== -1) {
	const url = words[urlAt] === '--url' ? words[urlAt + 1] : words[urlAt]!.slice('--url='.length);
	if (!url || !/^https?:\/\//.test(url)) {
		process.stderr.write(`md-vector: --url must be the daemon's http(s) address, e.g. --url https://notes.example.com:7821, got '${url ?? ''}'\n`);
		process.exit(2);
	}

	process.env.MD_VECTOR_URL = url;
	words.splice(urlAt, words[urlAt] === '--url' ? 2 : 1);
}

// A reader that goes away (`| head`) closes the pipe: the rest of the output has nowhere to go, which is not a
// failure. End quietly with exit 0, as rg and gh do, instead of printing EPIPE and a stack.
for (const stream of [process.stdout, process.stderr]) {
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code !== 'EPIPE') {
			throw error;
		}

		process.exit(0);
	});
}

/** The terminal UI: no command, or only its options (-C NAME); anything else is a one-shot command. */
async function main(): Promise<void> {
	const {tuiArguments} = await import('./ui/tui/tui-arguments.js');
	const tui = tuiArguments(words);
	if (tui && 'error' in tui) {
		process.stderr.write(`md-vector: ${tui.error}\n`);
		process.exitCode = 2;
	} else if (tui) {
		const {runTui} = await import('./ui/tui/run-tui.js');
		await runTui(tui.collection);
	} else {
		const {runCli} = await import('./run-cli.js');
		await runCli(words);
	}
}

// Not a top-level await: the bundle (tools/bundle-cli.ts) is CommonJS, which Node loads without its ES module
// loader. A failure is an unhandled rejection: Node prints it and exits 1, as it did for a top-level await.
void main(); // eslint-disable-line unicorn/prefer-top-level-await
