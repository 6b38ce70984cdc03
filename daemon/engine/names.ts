import {invalidInput} from './errors.js';

const collectionPattern = /^[\w.-]{1,128}$/;

/** Collection names: 1-128 characters of A-Z a-z 0-9 . _ - */
export function checkCollectionName(name: string): string {
	if (!collectionPattern.test(name)) {
		throw invalidInput(`collection: must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-' (got ${JSON.stringify(name.slice(0, 140))})`);
	}

	return name;
}

/**
 * Characters a name may not hold: controls (C0, DEL, C1: tab and newlines included), invisible formatting
 * (zero-width characters, bidirectional controls such as U+202E RIGHT-TO-LEFT OVERRIDE, the BOM, soft hyphens),
 * line and paragraph separators, and unpaired surrogates. Each makes a name read as another (`report`, U+202E,
 * `fdp.md` shows as `reportdm.pdf`) or look like its twin; none is needed to name a document.
 */
const hiddenCharacter = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

function kindOf(char: string): string {
	const code = char.codePointAt(0)!;
	if (/\p{Cc}/u.test(char)) {
		return 'a control character';
	}

	if ((code >= 0x20_2A && code <= 0x20_2E) || (code >= 0x20_66 && code <= 0x20_69) || code === 0x20_0E || code === 0x20_0F || code === 0x06_1C) {
		return 'a bidirectional control';
	}

	if ((code >= 0x20_0B && code <= 0x20_0D) || code === 0x20_60 || code === 0xFE_FF) {
		return 'a zero-width character';
	}

	if (/\p{Cs}/u.test(char)) {
		return 'an unpaired surrogate';
	}

	return /\p{Cf}/u.test(char) ? 'an invisible formatting character' : 'a line or paragraph separator';
}

/** Why a name cannot be a new document's, naming the character and where it is; undefined when it can. */
export function hiddenCharacterIn(name: string): string | undefined {
	const found = hiddenCharacter.exec(name);
	if (!found) {
		return undefined;
	}

	const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
	return `holds U+${code} (${kindOf(found[0])}) at character ${found.index}: names may not hold control, zero-width or bidirectional-control characters; rename it`;
}

/** The rules every name is held to, new or looked up: 1-255 characters, no NUL, no '..' segment. */
export function checkLookupName(name: string): string {
	if (name.length === 0 || name.length > 255) {
		throw invalidInput('file_name: must be 1 to 255 characters');
	}

	if (name.includes('\0')) {
		throw invalidInput('file_name: must not contain a NUL character');
	}

	if (name.split(/[\\/]/).includes('..')) {
		throw invalidInput('file_name: must not contain a \'..\' path segment');
	}

	return name;
}

/**
 * A new document's name, normalised to NFC (a name typed on one system and its decomposed twin from another
 * are one document), then held to checkLookupName's rules and without hidden characters (hiddenCharacterIn).
 */
export function checkFileName(name: string): string {
	const normal = name.normalize('NFC');
	checkLookupName(normal);
	const hidden = hiddenCharacterIn(normal);
	if (hidden) {
		throw invalidInput(`file_name: ${hidden}`);
	}

	return normal;
}
