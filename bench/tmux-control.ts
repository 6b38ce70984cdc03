// A private tmux server with one pane, driven through one control-mode client (`tmux -C`): each command is a line
// on its stdin and its answer a %begin/%end block, so reading the screen costs ~0.5 ms instead of a process start.
// For timing a terminal program from a key press to what it draws.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {setTimeout as sleep} from 'node:timers/promises';
import {execa} from 'execa';

export type ControlledPane = {
	/** Runs a tmux command (`send-keys -t tui -l abc`); resolves with its output. */
	command(line: string): Promise<string>;
	/** The pane's text as shown now. */
	screen(): Promise<string>;
	/** Polls the screen until `matches`; resolves with the screen and when it was first seen (performance.now()), or throws after timeoutMs. */
	until(what: string, matches: (text: string) => boolean, timeoutMs?: number): Promise<{screen: string; at: number}>;
	kill(): Promise<void>;
};

/** tmux's quoting for one argument of a command line. */
export const tmuxQuote = (value: string) => `'${value.replaceAll('\'', String.raw`'\''`)}'`;

/** Starts `command` in a `columns` x `rows` pane named tui (kept at that size) and attaches a control client. */
export async function startControlledPane(program: string, columns: number, rows: number): Promise<ControlledPane> {
	const socket = `md-vector-bench-${process.pid}-${Date.now()}`;
	await execa('tmux', ['-L', socket, '-f', '/dev/null', 'new-session', '-d', '-s', 'tui', '-x', String(columns), '-y', String(rows), program, ';', 'set-option', '-g', 'window-size', 'manual']);
	const client: ChildProcessWithoutNullStreams = spawn('tmux', ['-L', socket, '-C', 'attach-session', '-t', 'tui'], {stdio: ['pipe', 'pipe', 'pipe']});
	let buffer = '';
	const waiting: Array<(output: string) => void> = [];
	client.stdout.setEncoding('utf8');
	client.stdout.on('data', (data: string) => {
		buffer += data;
		for (let block = /^%begin [^\n]*\n([\s\S]*?)^%(?:end|error) [^\n]*\n/m.exec(buffer); block; block = /^%begin [^\n]*\n([\s\S]*?)^%(?:end|error) [^\n]*\n/m.exec(buffer)) {
			buffer = buffer.slice(block.index + block[0].length);
			waiting.shift()?.(block[1]!);
		}
	});
	// The attach itself is answered with a block first: commands sent before it would take its answer.
	await new Promise<void>((resolve, reject) => {
		waiting.push(() => {
			resolve();
		});
		client.once('exit', code => {
			reject(new Error(`tmux control client exited (${code})`));
		});
	});
	const command = async (line: string) => new Promise<string>(resolve => {
		waiting.push(resolve);
		client.stdin.write(`${line}\n`);
	});
	const screen = async () => command('capture-pane -p -t tui');
	return {
		command,
		screen,
		async until(what, matches, timeoutMs = 30_000) {
			const deadline = performance.now() + timeoutMs;
			let last = '';
			while (performance.now() < deadline) {
				last = await screen();
				if (matches(last)) {
					return {screen: last, at: performance.now()};
				}

				await sleep(1); // bounded poll: at most ~1,000 reads a second, each ~0.5 ms
			}

			throw new Error(`the terminal never showed ${what} within ${timeoutMs} ms; last screen:\n${last}`);
		},
		async kill() {
			client.stdin.end();
			await execa('tmux', ['-L', socket, 'kill-server'], {reject: false});
		},
	};
}
