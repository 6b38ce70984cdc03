/** Answers that say nothing on their own: a template's "n/a", "No.", "TBD". */
const placeholder = /^(?:n\/?a|none|no|yes|tbd|tba|todo|==todo==|-|same|nothing|not applicable|not yet|none yet|see above|see below)\.?$/i;
const link = /!?\[[^\]]*]\([^)]*\)|<https?:[^>]*>|https?:\/\/\S+/g;
const listMarker = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]]\s*)?/gm;

/**
 * Whether a chunk is only boilerplate: a table of contents or another bare list of links (at most two words
 * outside its links), or a placeholder answer under a template's question. Such chunks match a query through
 * their headings or link labels but hold nothing to read; hybrid search counts them at half (fusion.ts).
 */
export function isBoilerplate(content: string): boolean {
	const text = content.replaceAll(/<!--[\s\S]*?-->/g, ' ');
	const words = text.replaceAll(link, ' ').replaceAll(listMarker, ' ').match(/[\p{L}\p{N}]+/gu) ?? [];
	if (words.length <= 2 && text.search(link) !== -1) {
		return true;
	}

	const plain = text.replaceAll(/[*_`>#]/g, '').replaceAll(/\s+/g, ' ').trim();
	return plain === '' || placeholder.test(plain);
}
