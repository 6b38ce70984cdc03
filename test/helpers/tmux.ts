// A private tmux server (its own socket) running one pane, for driving the real TUI: send keys, read the screen.
import {execa} from 'execa';
import {poll} from '../../source/client/poll.js';

export type Pane = {
	/** Any tmux command against this server (`send-keys -t tui ...`). */
	run(...arguments_: string[]): Promise<string>;
	/** The pane's text (`ansi`: with colour escapes). */
	screen(ansi?: boolean): Promise<string>;
	/** A pane format value such as alternate_on or cursor_flag. */
	flag(name: string): Promise<string>;
	/** Waits until the screen matches; throws with the last screen when it never does. */
	until(what: string, matches: (text: string) => boolean, timeoutMs?: number): Promise<string>;
	kill(): Promise<void>;
};

/**
 * Starts `command` in a `columns` x `rows` pane named tui, in a shell that stays open after it (so the screen the
 * command leaves behind can be read; tmux's remain-on-exit redraws a dead pane instead). kill() ends it.
 */
export async function startPane(command: string, columns = 100, rows = 30): Promise<Pane> {
	const socket = `md-vector-${process.pid}-${Date.now()}`;
	const run = async (...arguments_: string[]) => String((await execa('tmux', ['-L', socket, ...arguments_])).stdout);
	await run('new-session', '-d', '-s', 'tui', '-x', String(columns), '-y', String(rows), `${command}; exec tail -f /dev/null`);
	const screen = async (ansi = false) => run('capture-pane', '-p', ...(ansi ? ['-e'] : []), '-t', 'tui');
	return {
		run,
		screen,
		flag: async name => run('display-message', '-p', '-t', 'tui', `#{${name}}`),
		async until(what, matches, timeoutMs = 30_000) {
			// A capture can land while tmux is still drawing a frame (it reads the program's output in pieces): a
			// matching screen counts once the next look shows it unchanged, or after three matching looks on a screen
			// that never stops changing (a progress line).
			let previous: string | undefined;
			let matched = 0;
			const text = await poll(async () => {
				const current = await screen();
				const last = previous;
				previous = current;
				if (!matches(current)) {
					matched = 0;
					return undefined;
				}

				matched++;
				return current === last || matched >= 3 ? current : undefined;
			}, timeoutMs);
			if (text === undefined) {
				throw new Error(`the terminal never showed ${what}; last screen:\n${await screen()}`);
			}

			return text;
		},
		async kill() {
			await execa('tmux', ['-L', socket, 'kill-server'], {reject: false});
		},
	};
}
