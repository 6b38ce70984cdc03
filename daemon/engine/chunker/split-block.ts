import type {Block} from './sections.js';
import {packPieces, piece, splitText, type Piece} from './pack.js';
import type {TokenCounter} from './token-counter.js';

/**
 * Splits one block that alone is over `max` tokens, keeping its Markdown valid: a code fence is cut at lines
 * and every part gets the fence back; a table is cut at rows and every part repeats the header; a list is cut
 * between items.
 */
export function splitBlock(source: string, block: Block, max: number, count: TokenCounter): Piece[] {
	const text = source.slice(block.start, block.end);
	if (block.kind === 'code') {
		return splitFenced(text, block.start, max, count);
	}

	if (block.kind === 'table') {
		return splitWithHeader(text, block.start, 2, max, count);
	}

	if (block.kind === 'list') {
		const items = block.items.flatMap(({start, end}) => {
			const p = piece(source.slice(start, end), start, end, count);
			return p.tokens > max ? splitText(p.text, start, max, count) : [p];
		});
		return packPieces(items, max, '\n');
	}

	return splitText(text, block.start, max, count);
}

function splitFenced(text: string, offset: number, max: number, count: TokenCounter): Piece[] {
	const lines = text.split('\n');
	const open = /^\s*(`{3,}|~{3,})/.exec(lines[0] ?? '');
	if (!open || lines.length < 3) {
		return splitText(text, offset, max, count); // indented code: no fence to keep
	}

	const closeLine = lines.at(-1)!;
	const closed = closeLine.trim().startsWith(open[1]!);
	const header = lines[0]!;
	const footer = closed ? closeLine : open[1]!;
	const body = lines.slice(1, closed ? -1 : undefined).join('\n');
	const wrapTokens = count(`${header}\n${footer}`) - 2;
	if (wrapTokens > max / 2) {
		return splitText(text, offset, max, count);
	}

	const bodyOffset = offset + header.length + 1;
	return splitText(body, bodyOffset, max - wrapTokens, count)
		.map(p => ({...p, text: `${header}\n${p.text}\n${footer}`, tokens: p.tokens + wrapTokens}));
}

function splitWithHeader(text: string, offset: number, headerLines: number, max: number, count: TokenCounter): Piece[] {
	const lines = text.split('\n');
	const header = lines.slice(0, headerLines).join('\n');
	const headerTokens = count(header) - 2;
	if (headerTokens > max / 2) {
		return splitText(text, offset, max, count); // a header this wide cannot be repeated in every part
	}

	const bodyOffset = offset + header.length + 1;
	const body = lines.slice(headerLines).join('\n');
	return splitText(body, bodyOffset, max - headerTokens, count)
		.map(p => ({...p, text: `${header}\n${p.text}`, tokens: p.tokens + headerTokens}));
}
