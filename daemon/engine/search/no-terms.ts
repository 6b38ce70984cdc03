/**
 * Why a keyword search of this text finds nothing when it has no term left: its words are stop words, left out
 * of the index ("the and of"), or it holds no word at all ("?!"). Said with the answer, so "No results" has a reason.
 */
export function noTermsNotice(text: string): string {
	const words = [...new Set(text.split(/\s+/).map(word => word.replaceAll(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')).filter(Boolean))];
	if (words.length === 0) {
		return 'the query holds no word to search by keyword: use words, or a semantic search (mode: semantic)';
	}

	const listed = words.slice(0, 5).map(word => `'${word}'`).join(', ') + (words.length > 5 ? '...' : '');
	return `keyword search found nothing to look for: ${listed} ${words.length === 1 ? 'is a stop word' : 'are stop words'}, left out of the index; add a word that says what you want, or search by meaning (mode: semantic)`;
}
