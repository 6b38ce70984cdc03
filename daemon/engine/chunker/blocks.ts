import type {Env, MarkdownIt, Token} from 'markdown-it';
import {lineSpans, type LineSpans} from './lines.js';

/** A stretch of the source: `start` at its first non-blank character, `end` at the end of its last non-blank line. */
export type Span = {readonly start: number; readonly end: number};

export type MarkdownBlock
	= | (Span & {readonly kind: 'heading'; readonly depth: number; readonly text: string})
		| (Span & {readonly kind: 'list'; readonly items: readonly Span[]})
	/** `code`: fenced or indented; `comment`: an HTML block that is only a comment; `text`: anything else. */
		| (Span & {readonly kind: 'code' | 'table' | 'comment' | 'text'});

/** The top-level blocks of markdown-it's token stream, located in the source by their line maps. */
export function blocksOf(markdown: MarkdownIt, source: string, tokens: readonly Token[], env: Env): MarkdownBlock[] {
	const context: Context = {markdown, env, source, lines: lineSpans(source)};
	const blocks: MarkdownBlock[] = [];
	for (let index = 0; index < tokens.length; index++) {
		const token = tokens[index]!;
		if (token.level !== 0 || token.nesting === -1) {
			continue;
		}

		const close = token.nesting === 1 ? closingIndex(tokens, index) : index;
		// A footnote definition has no line map of its own; its content does.
		const map = token.map ?? innerMap(tokens, index, close);
		const span = map ? spanOf(source, context.lines, map, token.type === 'code_block') : undefined;
		if (span) {
			blocks.push(classify(context, tokens, index, close, span));
		}

		index = close;
	}

	return blocks;
}

type Context = {readonly markdown: MarkdownIt; readonly env: Env; readonly source: string; readonly lines: LineSpans};

function classify({markdown, env, source, lines}: Context, tokens: readonly Token[], index: number, close: number, span: Span): MarkdownBlock {
	const token = tokens[index]!;
	switch (token.type) {
		case 'heading_open': {
			return {kind: 'heading', depth: Number(token.tag.slice(1)), text: inlineText(markdown, env, tokens[index + 1]?.content ?? ''), ...span};
		}

		case 'fence':
		case 'code_block': {
			return {kind: 'code', ...span};
		}

		case 'table_open': {
			return {kind: 'table', ...span};
		}

		case 'bullet_list_open':
		case 'ordered_list_open': {
			const items = tokens.slice(index + 1, close)
				.filter(item => item.type === 'list_item_open' && item.level === 1 && item.map)
				.map(item => spanOf(source, lines, item.map!, false))
				.filter(item => item !== undefined);
			return {kind: 'list', items, ...span};
		}

		case 'html_block': {
			return {kind: /^\s*<!--[\s\S]*-->\s*$/.test(token.content) ? 'comment' : 'text', ...span};
		}

		default: {
			return {kind: 'text', ...span};
		}
	}
}

/** A heading's plain text on one line: the text of its inline content, markup left out (as mdast's toString). */
function inlineText(markdown: MarkdownIt, env: Env, content: string): string {
	const children: Token[] = [];
	markdown.inline.parse(content, markdown, env, children); // env: the document's link reference definitions
	return plain(children).replaceAll(/\s+/g, ' ').trim();
}

function plain(tokens: readonly Token[]): string {
	return tokens.map(token => {
		if (token.type === 'softbreak' || token.type === 'hardbreak') {
			return ' ';
		}

		if (token.children?.length) {
			return plain(token.children); // an image: its alt text
		}

		return ['text', 'text_special', 'code_inline', 'html_inline'].includes(token.type) ? token.content : '';
	}).join('');
}

function closingIndex(tokens: readonly Token[], open: number): number {
	const {level} = tokens[open]!;
	let index = open + 1;
	while (index < tokens.length && !(tokens[index]!.nesting === -1 && tokens[index]!.level === level)) {
		index++;
	}

	return Math.min(index, tokens.length - 1);
}

function innerMap(tokens: readonly Token[], open: number, close: number): [number, number] | undefined {
	const maps = tokens.slice(open + 1, close).flatMap(token => (token.map ? [token.map] : []));
	return maps.length > 0 ? [maps[0]![0], Math.max(...maps.map(map => map[1]))] : undefined;
}

/** The block's lines [first, after) without leading indentation (kept for indented code) and trailing blank lines. */
function spanOf(source: string, lines: LineSpans, [first, after]: [number, number], keepIndent: boolean): Span | undefined {
	let last = Math.min(after, lines.starts.length) - 1;
	while (last >= first && source.slice(lines.starts[last], lines.ends[last]).trim() === '') {
		last--;
	}

	if (last < first) {
		return undefined;
	}

	let start = lines.starts[first]!;
	if (!keepIndent) {
		while (start < lines.ends[first]! && (source[start] === ' ' || source[start] === '\t')) {
			start++;
		}
	}

	const end = lines.ends[last]!;
	return end > start ? {start, end} : undefined;
}
