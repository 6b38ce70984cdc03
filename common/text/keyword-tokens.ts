import {stemmer} from 'stemmer';

// Lucene's English stop set: BM25 gives these almost no weight, and dropping them keeps OR-queries small.
const stopWords = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not', 'of', 'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was', 'will', 'with']);

// A word may join parts with - _ . ' (Get-ChildItem, snake_case, v1.2, don't); CJK scripts are handled apart.
// Letters of CJK scripts by Script_Extensions, so shared marks such as the long vowel ー count, punctuation not.
const cjk = String.raw`[[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]&&[\p{L}\p{N}\p{M}]]`;
const wordChar = String.raw`[[\p{L}\p{N}]--${cjk}]`; // a CJK run inside Latin text (Node入门) is its own token
const tokenPattern = new RegExp(String.raw`(${cjk}+)|(${wordChar}+(?:[\-_.']${wordChar}+)*)`, 'gv');
const clitic = /'(?:s|t|re|ve|ll|d|m)$/iu;
const plainHyphenated = /^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)+$/u;
const camelBoundary = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/**
 * Keyword tokens for BM25, the same for documents and queries: lower-cased Porter stems of words, with code
 * identifiers split into their parts (Get-ChildItem -> get, child, item) plus the whole identifier
 * (getchilditem) so an exact identifier ranks first; CJK text as overlapping character bigrams (no spaces
 * between words there), single characters for one-character runs.
 */
export function keywordTokens(text: string): string[] {
	const tokens: string[] = [];
	for (const match of text.normalize('NFKC').matchAll(tokenPattern)) {
		if (match[1]) {
			pushCjk(match[1], tokens);
		} else {
			pushWord(match[2]!, tokens);
		}
	}

	return tokens;
}

/**
 * keywordTokens and phraseWords of one text in one pass of the tokenizer (a chunk's write needs both of its
 * body): the same tokens and words as the two would give.
 */
export function keywordTokensAndPhraseWords(text: string): {tokens: string[]; words: string[]} {
	const tokens: string[] = [];
	const words: string[] = [];
	for (const match of text.normalize('NFKC').matchAll(tokenPattern)) {
		if (match[1]) {
			pushCjk(match[1], tokens);
			words.push(...match[1]);
		} else {
			const parts = wordParts(match[2]!);
			words.push(...parts);
			// The word's parts are its tokens' parts too, unless a clitic comes off first.
			pushWord(match[2]!, tokens, clitic.test(match[2]!) ? undefined : parts);
		}
	}

	return {tokens, words};
}

/** A word split where keyword tokens split it (- _ . ' and camel case), lower-cased. */
function wordParts(word: string): string[] {
	return word.split(/[-_.']/).flatMap(part => part.split(camelBoundary)).map(part => part.toLowerCase()).filter(Boolean);
}

function pushWord(word: string, tokens: string[], partsOfWord?: string[]): void {
	word = word.replace(clitic, ''); // don't, it's, Rust's: the word before the clitic (O'Brien stays whole)
	const parts = partsOfWord ?? wordParts(word);
	for (const part of parts) {
		if (!stopWords.has(part)) {
			tokens.push(stem(part));
		}
	}

	// The whole identifier too (getchilditem), so an exact identifier ranks first; not for plain hyphenated
	// words (long-term, 0-dimensional), which are prose: measured on SciFact train, +0.005 nDCG@10 without it.
	if (parts.length > 1 && !plainHyphenated.test(word)) {
		tokens.push(parts.join(''));
	}
}

function stem(word: string): string {
	return /^\p{Ll}+$/u.test(word) && word.length > 2 ? stemmer(word) : word;
}

function pushCjk(run: string, tokens: string[]): void {
	const chars = [...run];
	if (chars.length === 1) {
		tokens.push(chars[0]!);
		return;
	}

	for (let index = 0; index + 1 < chars.length; index++) {
		tokens.push(chars[index]! + chars[index + 1]!);
	}
}

/** A word of a text where it stands (offsets into the text as given) with its keyword tokens. */
export type WordSpan = {readonly start: number; readonly end: number; readonly text: string; readonly tokens: readonly string[]};

/** The text's words as the keyword search sees them, each with its place: what highlighting marks whole. */
export function wordSpans(text: string): WordSpan[] {
	return [...text.matchAll(tokenPattern)].map(match => ({start: match.index, end: match.index + match[0].length, text: match[0], tokens: keywordTokens(match[0])}));
}

/**
 * The words of a text as phrases compare them: lower-cased, unstemmed, stop words kept, split where keyword
 * tokens split (Get-ChildItem -> get, child, item; CJK a character at a time), so "child item" is found in
 * Get-ChildItem and any word boundary the tokenizer knows counts as one.
 */
export function phraseWords(text: string): string[] {
	const words: string[] = [];
	for (const match of text.normalize('NFKC').matchAll(tokenPattern)) {
		if (match[1]) {
			words.push(...match[1]);
		} else {
			words.push(...wordParts(match[2]!));
		}
	}

	return words;
}
