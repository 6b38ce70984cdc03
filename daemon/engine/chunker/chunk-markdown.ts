import path from 'node:path';
import {sha256} from '../hash.js';
import {parseMarkdown, readFrontMatter} from './parse.js';
import {firstH1, splitSections, type Section} from './sections.js';
import {packPieces, piece, type Piece} from './pack.js';
import {splitBlock} from './split-block.js';
import {bertTokenCounter, type TokenCounter} from './token-counter.js';
import {lineLocator} from './lines.js';

/** Bumped whenever chunk boundaries or embedded text change: collections record it in their fingerprint. */
export const chunkerVersion = 1;

export type Chunk = {
	readonly ordinal: number;
	readonly sectionTitle: string;
	readonly headingLevel: number;
	/** Document title, then the enclosing headings. */
	readonly headingPath: readonly string[];
	/** The chunk's Markdown. */
	readonly content: string;
	/** What gets embedded: the heading path as context, then the content. */
	readonly embedText: string;
	readonly startLine: number;
	readonly endLine: number;
	/** Tokens of embedText, special tokens included. */
	readonly tokens: number;
	/** SHA-256 of embedText: equal hashes share one vector. */
	readonly hash: string;
};

export type ChunkedDocument = {
	readonly title: string;
	readonly tags: readonly string[];
	/** Front matter fields (parse.ts). */
	readonly meta: Readonly<Record<string, unknown>>;
	readonly contentHash: string;
	readonly chunks: readonly Chunk[];
};

export type ChunkOptions = {
	/** Token budget of the embedding model (embedText, special tokens included). */
	readonly maxTokens?: number;
	/** Blocks are packed up to this size; smaller chunks make sharper hits. */
	readonly targetTokens?: number;
	readonly countTokens?: TokenCounter;
	/** Embed the heading path before the chunk's text (default true); chunk boundaries do not depend on it. */
	readonly headingContext?: boolean;
};

export function chunkMarkdown(original: string, fileName: string, options: ChunkOptions = {}): ChunkedDocument {
	// A byte-order mark is not content; offsets count from after it.
	const source = original.replace(/^\uFEFF/, '');
	const maxTokens = options.maxTokens ?? 512;
	const targetTokens = Math.min(options.targetTokens ?? 320, maxTokens);
	const count = options.countTokens ?? bertTokenCounter();
	const parsed = parseMarkdown(source);
	const front = readFrontMatter(parsed);
	const sections = splitSections(parsed);
	const title = front.title ?? firstH1(parsed) ?? path.basename(fileName).replace(/\.(md|markdown|mdx)$/i, '');
	const lineOf = lineLocator(source);
	const chunks: Chunk[] = [];

	for (const section of sections) {
		const headingPath = pathOf(title, section);
		const prefix = headingPath.join(' > ');
		const prefixTokens = count(prefix) - 2;
		// Room left for content in the model's window: [CLS] + prefix + content + [SEP].
		const max = Math.max(32, maxTokens - 2 - prefixTokens);
		for (const p of packSection(source, section, Math.min(targetTokens, max), max, count)) {
			const embedText = options.headingContext === false ? p.text : `${prefix}\n\n${p.text}`;
			chunks.push({
				ordinal: chunks.length,
				sectionTitle: section.level === 0 ? title : section.title,
				headingLevel: section.level,
				headingPath,
				content: p.text,
				embedText,
				startLine: lineOf(p.start),
				endLine: lineOf(Math.max(p.start, p.end - 1)),
				tokens: (options.headingContext === false ? 0 : prefixTokens) + p.tokens + 2,
				hash: sha256(embedText),
			});
		}
	}

	return {title, tags: front.tags, meta: front.meta, contentHash: sha256(original), chunks};
}

function pathOf(title: string, section: Section): string[] {
	const headings = [...section.headings];
	if (headings[0]?.toLowerCase() === title.toLowerCase()) {
		headings.shift();
	}

	return [title, ...headings];
}

function packSection(source: string, section: Section, target: number, max: number, count: TokenCounter): Piece[] {
	const pieces = section.blocks.flatMap(block => {
		const p = piece(source.slice(block.start, block.end), block.start, block.end, count);
		return p.tokens > max ? splitBlock(source, block, max, count) : [p];
	});
	return packPieces(pieces, target, '\n\n');
}
