// Draws a terminal screen captured with its colours (`tmux capture-pane -e`) as an SVG picture: one cell per
// character, every run of text placed at its own column so a font's rounding cannot drift across a line.
import {createAnsiSequenceParser, createColorPalette, type ParseToken} from 'ansi-sequence-parser';

const cellWidth = 8.43; // DejaVu Sans Mono / Menlo advance at 14 px
const lineHeight = 19;
const padding = 12;
const foreground = '#d0d0d0';
const background = '#1c1c1c';
const palette = createColorPalette();

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function attributes(token: ParseToken): string {
	const fill = token.foreground ? palette.value(token.foreground) : foreground;
	const parts = [`fill="${fill}"`];
	if (token.decorations.has('bold')) {
		parts.push('font-weight="bold"');
	}

	if (token.decorations.has('dim')) {
		parts.push('fill-opacity="0.6"');
	}

	if (token.decorations.has('underline')) {
		parts.push('text-decoration="underline"');
	}

	return parts.join(' ');
}

export function terminalSvg(ansi: string): string {
	const parser = createAnsiSequenceParser(); // keeps the style from one line to the next, as a terminal does
	const lines = ansi.replace(/\s+$/, '').split('\n');
	const columns = Math.max(...lines.map(line => [...line.replaceAll(new RegExp(String.raw`${String.fromCodePoint(0x1B)}\[[\d;]*m`, 'g'), '')].length));
	const width = Math.ceil((columns * cellWidth) + (2 * padding));
	const height = (lines.length * lineHeight) + (2 * padding);
	const body: string[] = [];
	for (const [row, line] of lines.entries()) {
		const y = padding + (row * lineHeight);
		let column = 0;
		for (const token of parser.parse(line)) {
			const {length} = [...token.value];
			const x = (padding + (column * cellWidth)).toFixed(1);
			if (token.background) {
				body.push(`<rect x="${x}" y="${y}" width="${(length * cellWidth).toFixed(1)}" height="${lineHeight}" fill="${palette.value(token.background)}"/>`);
			}

			if (token.value.trim()) {
				body.push(`<text x="${x}" y="${y + 14}" ${attributes(token)}>${escapeXml(token.value)}</text>`);
			}

			column += length;
		}
	}

	return [
		`<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`,
		' font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" style="white-space: pre">',
		`<rect width="100%" height="100%" rx="6" fill="${background}"/>`,
		...body,
		'</svg>',
		'',
	].join('\n');
}
