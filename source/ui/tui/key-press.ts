import type {Key} from 'ink';

/**
 * One key as the keymap sees it. `name` is a named key (`enter`, `escape`, `tab`, `shift-tab`, `up`, `down`,
 * `pageup`, `pagedown`, `backspace`, `ctrl-u`...), `text` for one typed character, or `paste` for pasted text.
 */
export type KeyPress = {readonly name: string; readonly text: string};

const pasteStart = '[200~';
const pasteEnd = '[201~';

const named: ReadonlyArray<[keyof Key, string]> = [
	['upArrow', 'up'], ['downArrow', 'down'], ['leftArrow', 'left'], ['rightArrow', 'right'],
	['pageUp', 'pageup'], ['pageDown', 'pagedown'], ['home', 'home'], ['end', 'end'],
	['return', 'enter'], ['escape', 'escape'], ['backspace', 'backspace'], ['delete', 'backspace'],
];

const controls: Readonly<Record<string, string>> = {
	'\r': 'enter', '\n': 'enter', '\t': 'tab', '\u007F': 'backspace', '\b': 'backspace', '\u0015': 'ctrl-u',
};

/**
 * Turns what Ink reads into keys. Ink hands over one read of the terminal at a time: keys typed faster than
 * the app reads arrive together (`all\r`) and are split here, each control character its own key. With
 * bracketed paste on (terminal-modes.ts) a paste comes as one `paste` (line breaks as spaces), followed by
 * `enter` when it ended with a line break. Esc and a key read together (ESC j) are Ink's meta+j: Esc, then j.
 */
export function createKeyReader(): (input: string, key: Key) => KeyPress[] {
	let pasted: string | undefined;
	return (input, key) => {
		if (input === pasteStart) {
			pasted = '';
			return [];
		}

		if (pasted !== undefined) {
			if (input !== pasteEnd) {
				pasted += rawText(input, key);
				return [];
			}

			const text = pasted;
			pasted = undefined;
			return fromPaste(text);
		}

		return fromKeys(input, key);
	};
}

function fromPaste(text: string): KeyPress[] {
	const ends = /[\r\n]$/.test(text);
	const line = text.replaceAll(/\r\n|[\r\n\t]/g, ' ').trimEnd();
	return [...(line ? [{name: 'paste', text: line}] : []), ...(ends ? [{name: 'enter', text: ''}] : [])];
}

function fromKeys(input: string, key: Key): KeyPress[] {
	if (key.tab) {
		return [{name: key.shift ? 'shift-tab' : 'tab', text: ''}];
	}

	const name = named.find(([flag]) => key[flag])?.[1];
	if (name) {
		// Ink reads ESC ESC [A (Esc, then an arrow, in one read) as meta + up.
		return key.meta && name !== 'escape' ? [{name: 'escape', text: ''}, {name, text: ''}] : [{name, text: ''}];
	}

	if (key.ctrl) {
		return [{name: `ctrl-${input}`, text: ''}];
	}

	const keys = splitChunk(input);
	return key.meta && input ? [{name: 'escape', text: ''}, ...keys] : keys;
}

/** A read of several keys: control characters become their keys, every other character a `text` key. */
function splitChunk(input: string): KeyPress[] {
	const keys: KeyPress[] = [];
	for (const character of input) {
		const control = controls[character];
		if (control) {
			keys.push({name: control, text: ''});
		} else if (character >= ' ') {
			keys.push({name: 'text', text: character});
		}
	}

	return keys;
}

/** The characters behind a key Ink named, for text inside a paste. */
function rawText(input: string, key: Key): string {
	if (key.return) {
		return '\n';
	}

	return key.tab ? '\t' : input;
}
