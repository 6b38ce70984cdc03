// The built TUI in a tmux pane, in a shell that shows what was on the screen before it and how it exited.
import type {ExecutionContext} from 'ava';
import {cliPath, type Cli} from './cli.js';
import {startPane, type Pane} from './tmux.js';

export type TuiOptions = {
	/** Command-line arguments (`-C keps`). */
	readonly args?: readonly string[];
	readonly columns?: number;
	readonly rows?: number;
	/** More environment (EDITOR...). */
	readonly env?: Record<string, string>;
};

const quote = (value: string) => `'${value.replaceAll('\'', String.raw`'\''`)}'`;

/**
 * Starts `md-vector [args]` for `md`'s home in a pane: `BEFORE-TUI` is printed on the shell's screen first and
 * `TUI-EXITED <status>` after it; resolves once the TUI shows its status bar (the daemon answered).
 */
export async function startTui(t: ExecutionContext, md: Cli, options: TuiOptions = {}): Promise<Pane> {
	const environment = {...md.environment, TERM: 'xterm-256color', ...options.env};
	const exports = Object.entries(environment).map(([name, value]) => `${name}=${quote(value)}`).join(' ');
	const args = (options.args ?? []).map(argument => quote(argument)).join(' ');
	const pane = await startPane(String.raw`printf 'BEFORE-TUI\n'; env ${exports} node ${quote(cliPath)} ${args}; echo "TUI-EXITED $?"`, options.columns, options.rows);
	t.teardown(pane.kill);
	await pane.until('the TUI and the daemon\'s health', text => text.includes('?: help') && /^(?:ok|degraded)\b/m.test(text), 60_000);
	return pane;
}

/** Sends keys (tmux key names, or literal text with `-l`). */
export async function keys(pane: Pane, ...names: string[]): Promise<void> {
	await pane.run('send-keys', '-t', 'tui', ...names);
}

/**
 * The screen is one clean frame: every line no wider than the terminal, every line above the status bar inside
 * a box (starts and ends with a border character), so nothing was drawn over or pushed out of place.
 */
export function frameProblems(screen: string, columns: number, statusLines = 1): string[] {
	const lines = screen.replace(/\n+$/, '').split('\n');
	const problems: string[] = [];
	for (const [index, line] of lines.entries()) {
		if ([...line].length > columns) {
			problems.push(`line ${index} is wider than ${columns}: ${line}`);
		}

		if (index < lines.length - statusLines && !/^[│║╭╰╔╚].*[│║╮╯╗╝]$/.test(line.trimEnd())) {
			problems.push(`line ${index} is not inside a box: ${JSON.stringify(line)}`);
		}
	}

	return problems;
}
