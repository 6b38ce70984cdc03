import type {DaemonProcess} from '../daemon-process.js';
import {secretWord} from './file-tree.js';

/**
 * Documents of these collections whose stored text holds the secret word (read from a file outside every
 * root): searched by keyword, and each stored document read back whole (`get`). Answers one line per document.
 */
export async function documentsWithSecret(daemon: DaemonProcess, collections: readonly string[], headers: Record<string, string> = {}): Promise<string[]> {
	const found: string[] = [];
	for (const collection of collections) {
		const search = await daemon.api('POST', '/search', {query: secretWord, mode: 'keyword', collection, top_k: 100}, headers);
		for (const hit of search.status === 200 ? search.body.results as Array<{source_file: string}> : []) {
			found.push(`${collection}/${hit.source_file} (search)`);
		}

		const listed = await daemon.api('GET', `/documents?collection=${collection}`, undefined, headers);
		for (const {file} of listed.status === 200 ? listed.body.documents as Array<{file: string}> : []) {
			const text = await daemon.api('GET', `/documents/${encodeURIComponent(file)}?collection=${collection}`, undefined, headers);
			if (JSON.stringify(text.body).includes(secretWord)) {
				found.push(`${collection}/${file} (get)`);
			}
		}
	}

	return found;
}
