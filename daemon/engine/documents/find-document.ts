import path from 'node:path';
import {distance} from 'fastest-levenshtein';
import {invalidInput, notFound} from '../errors.js';
import {checkLookupName} from '../names.js';
import type {Storage} from '../storage/storage.js';
import type {Collection, DocumentInfo} from '../storage/types.js';

/** Longest path taken in place of a name (Linux's PATH_MAX). */
const maxPathLength = 4096;

/** At most this many nearest names are suggested. */
const suggestions = 3;

/**
 * A document as `get` names it: its stored name (`source_file`), or the absolute path of the file it was read
 * from (a hit's `source_path`, what `search -l` and `--format path:line` print). Not found: the error names the
 * nearest stored names by edit distance, on the whole name and on the base name.
 */
export async function findDocument(storage: Storage, row: Collection, requested: string): Promise<DocumentInfo> {
	if (requested.includes('\0') || requested.length === 0 || requested.length > maxPathLength) {
		throw invalidInput(`file_name: must be 1 to 255 characters (a file's absolute path: at most ${maxPathLength}), without NUL`);
	}

	const absolute = path.isAbsolute(requested);
	if (!absolute) {
		// As stored (a name from before names were normalised), else in NFC, as names are stored now.
		const document = await storage.document(row, checkLookupName(requested)) ?? await storage.document(row, requested.normalize('NFC'));
		if (document) {
			return document;
		}
	} else if (requested.length <= 255) {
		// A name may begin with '/' (content sent inline under any name): the name first, then the file.
		const document = await storage.document(row, requested);
		if (document) {
			return document;
		}
	}

	const documents = await storage.documents(row);
	const file = absolute ? path.normalize(requested) : undefined;
	const byPath = file === undefined ? undefined : documents.find(document => document.sourcePath === file);
	if (byPath) {
		return byPath;
	}

	throw notFound(`document '${requested}' does not exist in collection '${row.name}'${nearestHint(requested, documents, row.name)}`);
}

/** A file name without its folder and its Markdown extension: what a typo or a wrong folder leaves the same. */
const stem = (name: string) => path.posix.basename(name).replace(/\.(md|markdown|mdx)$/i, '');

/**
 * "; nearest: a.md, b.md" (the closest stored names), or where to list them when none is close. A name is close
 * by a few edits of the whole path (a quarter of its length, at least 2), or by its file name alone with a
 * quarter of that (exact for short names): `docs/setup.md` finds `guides/setup.md`, `sub/c.md` does not find `a.md`.
 */
export function nearestHint(requested: string, documents: readonly DocumentInfo[], collection: string): string {
	const wanted = stem(requested);
	const pathLimit = Math.max(2, Math.floor(requested.length / 4));
	const stemLimit = Math.floor(wanted.length / 4);
	const near = documents.map(document => {
		const byPath = Math.min(distance(requested, document.fileName), document.sourcePath ? distance(requested, document.sourcePath) : Number.POSITIVE_INFINITY);
		const byStem = distance(wanted, stem(document.fileName));
		return {name: document.fileName, byPath, score: Math.min(byPath <= pathLimit ? byPath : Number.POSITIVE_INFINITY, byStem <= stemLimit ? byStem : Number.POSITIVE_INFINITY)};
	})
		.filter(entry => Number.isFinite(entry.score))
		.sort((a, b) => a.score - b.score || a.byPath - b.byPath || (a.name < b.name ? -1 : (a.name > b.name ? 1 : 0)))
		.slice(0, suggestions);
	return near.length > 0
		? `; nearest: ${near.map(entry => entry.name).join(', ')}`
		: `; md-vector documents -C ${collection} lists its ${documents.length} document${documents.length === 1 ? '' : 's'}`;
}
