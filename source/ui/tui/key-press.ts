/**
 * One key as the keymap sees it. `name` is a named key (`enter`, `escape`, `tab`, `shift-tab`, `up`, `down`,
 * `pageup`, `pagedown`, `backspace`, `ctrl-u`...), `text` for one typed character, or `paste` for pasted text.
 */
export type KeyPress = {readonly name: string; readonly text: string};

const escape = '\u001B';
const pasteStart = '\u001B[200~';
const pasteEnd = '\u001B[201~';

/** The escape sequences of the keys the TUI uses (xterm's, in both cursor modes); others are ignored. */
const sequences: Readonly<Record<string, string>> = {
	'\u001B[A': 'up', '\u001B[B': 'down', '\u001B[C': 'right', '\u001B[D': 'left',
	'\u001BOA': 'up', '\u001BOB': 'down', '\u001BOC': 'right', '\u001BOD': 'left',
	'\u001B[5~': 'pageup', '\u001B[6~': 'pagedown', '\u001B[3~': 'backspace', '\u001B[Z': 'shift-tab',
	'\u001B[H': 'home', '\u001B[F': 'end', '\u001B[1~': 'home', '\u001B[4~': 'end', '\u001BOH': 'home', '\u001BOF': 'end',
};

const controls: Readonly<Record<string, string>> = {
	'\r': 'enter', '\n': 'enter', '\t': 'tab', '\u007F': 'backspace', '\b': 'backspace',
};

const key = (name: string): KeyPress => ({name, text: ''});

/** A run of characters: control characters become their keys (Ctrl-U is `ctrl-u`), every other one a `text` key. */
function characters(input: string): KeyPress[] {
	return [...input].flatMap(character => {
		const control = controls[character];
		if (control) {
			return [key(control)];
		}

		const code = character.codePointAt(0)!;
		if (code < 0x20) {
			return [key(`ctrl-${String.fromCodePoint(code + 0x60)}`)];
		}

		return code === 0x7F ? [] : [{name: 'text', text: character}];
	});
}

function fromSequence(input: string): KeyPress[] {
	if (input === escape) {
		return [key('escape')];
	}

	const known = sequences[input];
	if (known) {
		return [key(known)];
	}

	if (input.startsWith(escape + escape)) {
		return [key('escape'), ...fromSequence(input.slice(1))]; // Esc, then a key, in one read
	}

	if (input.length > 2 && (input[1] === '[' || input[1] === 'O')) {
		return []; // a key the TUI has no use for (F5, Ctrl+arrow, focus reports)
	}

	return [key('escape'), ...characters(input.slice(1))]; // Esc and a character (j, ], ?) in one read
}

/**
 * Turns the terminal's input, as Ink splits it into events (a run of text, one escape sequence), into keys.
 * Keys typed faster than the app reads arrive as one run (`all\r`) and are split here, each control character
 * its own key. With bracketed paste on (terminal-modes.ts) a paste comes as one `paste` (line breaks as spaces),
 * followed by `enter` when it ended with a line break.
 */
export function createKeyReader(): (input: string) => KeyPress[] {
	let pasted: string | undefined;
	return input => {
		if (input === pasteStart) {
			pasted = '';
			return [];
		}

		if (pasted !== undefined) {
			if (input !== pasteEnd) {
				pasted += input;
				return [];
			}

			const text = pasted;
			pasted = undefined;
			const line = text.replaceAll(/\r\n|[\r\n\t]/g, ' ').trimEnd();
			return [...(line ? [{name: 'paste', text: line}] : []), ...(/[\r\n]$/.test(text) ? [key('enter')] : [])];
		}

		return input.startsWith(escape) ? fromSequence(input) : characters(input);
	};
}
