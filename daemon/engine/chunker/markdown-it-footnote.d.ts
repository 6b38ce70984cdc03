// markdown-it-footnote ships no types, and @types/markdown-it-footnote pulls in typings for markdown-it 14.
declare module 'markdown-it-footnote' {
	import type {MarkdownIt} from 'markdown-it';

	export default function footnote(markdown: MarkdownIt): void;
}
