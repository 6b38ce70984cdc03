import stringWidth from 'string-width';
import wrapAnsi from 'wrap-ansi';

/** `text` in at most `width` columns, cut from the left ("…osoft.PowerShell.Core/About/about_Splatting.md"): its end stays. */
export function cutLeft(text: string, width: number): string {
	if (stringWidth(text) <= width) {
		return text;
	}

	const characters = [...text];
	let kept = '';
	let used = 1; // the ellipsis
	for (let index = characters.length - 1; index >= 0; index--) {
		const character = characters[index]!;
		const size = stringWidth(character);
		if (used + size > width) {
			break;
		}

		kept = character + kept;
		used += size;
	}

	return width > 0 ? `…${kept}` : '';
}

/**
 * A path in at most `width` columns, its end whole: the folders in the middle give way first
 * ("corpus/reference/7.4/…/About/about_Splatting.md"), so paths that differ near the start (versions) or
 * just above the file (README.md in many folders) still read apart; when the file and its folder alone do not
 * fit, they are cut from the left ("…ication-configuration/README.md").
 */
export function fitPath(file: string, width: number): string {
	if (stringWidth(file) <= width) {
		return file;
	}

	const folders = file.split('/');
	let tail = folders.pop()!;
	const parent = folders.pop();
	if (parent !== undefined) {
		tail = `${parent}/${tail}`;
		if (stringWidth(`…/${tail}`) > width) {
			return cutLeft(tail, width); // the folder above the file tells READMEs apart: as much of it as fits
		}
	}

	let head = '';
	for (const folder of folders) {
		if (stringWidth(`${head}${folder}/…/${tail}`) > width) {
			break;
		}

		head += `${folder}/`;
	}

	return cutLeft(`${head}…/${tail}`, width);
}

/** Text a terminal shows as it is measured: tabs as spaces, no control characters (an ESC would start a sequence). */
export function plainText(text: string): string {
	// eslint-disable-next-line no-control-regex
	return text.replaceAll('\t', '    ').replaceAll(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '');
}

/** Text as lines of at most `width` columns: long lines wrapped at spaces, long words broken. */
export function wrapLines(text: string, width: number): string[] {
	// Indentation is kept (code, lists); the space a line was broken at neither ends a row nor starts the next.
	return plainText(text).split('\n').flatMap(line => (line
		? wrapAnsi(line, Math.max(1, width), {hard: true, trim: false}).split('\n').map((row, index) => (index > 0 && row.startsWith(' ') ? row.slice(1) : row).trimEnd())
		: ['']));
}
