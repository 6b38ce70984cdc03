// The terminal modes the TUI runs in, switched in one place: the alternate screen (the shell's screen comes
// back untouched at exit), bracketed paste (a paste arrives marked, so its line breaks are not Enter keys),
// and raw keys (Ink's).

type Terminal = {
	readonly stdin: Pick<NodeJS.ReadStream, 'isTTY' | 'setRawMode'>;
	readonly stdout: Pick<NodeJS.WriteStream, 'isTTY' | 'write'>;
};

const alternateScreen = '\u001B[?1049h';
const normalScreen = '\u001B[?1049l';
const clearScreen = '\u001B[2J\u001B[H';
const pasteOn = '\u001B[?2004h';
const pasteOff = '\u001B[?2004l';
const cursorShown = '\u001B[?25h';
const cursorHidden = '\u001B[?25l';

let entered = false;

/**
 * Switches a terminal to the TUI's screen, once per process, and back at exit. Called before Ink writes its
 * first frame (tui.tsx), so no frame lands on the shell's screen.
 */
export function enterTuiScreen(stdout: Terminal['stdout'], onExit: (listener: () => void) => void = listener => process.once('exit', listener)): void {
	if (entered || !stdout.isTTY) {
		return;
	}

	entered = true;
	stdout.write(alternateScreen + pasteOn);
	onExit(() => stdout.write(pasteOff + normalScreen + cursorShown));
}

/** Hands the terminal to another program (the editor): cooked keys, cursor shown, pastes unmarked. */
export function suspendTerminal({stdin, stdout}: Terminal): void {
	if (stdout.isTTY) {
		stdout.write(pasteOff + cursorShown);
	}

	if (stdin.isTTY) {
		stdin.setRawMode(false);
	}
}

/**
 * Takes the terminal back: the alternate screen again (an editor leaving its own screen drops to the shell's),
 * cleared for Ink to redraw the whole frame, cursor hidden, raw keys, pastes marked.
 */
export function resumeTerminal({stdin, stdout}: Terminal): void {
	if (stdin.isTTY) {
		stdin.setRawMode(true);
	}

	if (stdout.isTTY) {
		stdout.write(alternateScreen + clearScreen + cursorHidden + pasteOn);
	}
}
