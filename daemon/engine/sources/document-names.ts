import path from 'node:path';
import {invalidInput} from '../errors.js';

/** A folder a collection is filled from, as naming needs it. */
export type SourceRef = {
	readonly id: number;
	/** Prefix of its documents' names while the collection has more than one source. */
	readonly label: string;
	/** Absolute, resolved path of the folder. */
	readonly path: string;
};

const labelPattern = /^[\w-][\w.-]{0,63}$/;

/** Labels: 1-64 characters of A-Z a-z 0-9 . _ -, not starting with '.' (a label is a folder-like name prefix). */
export function checkLabel(label: string): string {
	if (!labelPattern.test(label)) {
		throw invalidInput(`label: must be 1-64 characters of A-Z, a-z, 0-9, '.', '_' or '-', not starting with '.' (got ${JSON.stringify(label.slice(0, 80))})`);
	}

	return label;
}

/**
 * The label a new source gets unless one is given: its folder's name with other characters replaced by '-',
 * made unique among the collection's labels with `-2`, `-3`...
 */
export function defaultLabel(folder: string, taken: readonly string[]): string {
	const base = path.basename(path.resolve(folder)).replaceAll(/[^\w.-]/g, '-').replace(/^\.+/, '').slice(0, 60) || 'source';
	let label = base;
	for (let n = 2; taken.includes(label); n++) {
		label = `${base}-${n}`;
	}

	return label;
}

/**
 * A document's name: its path relative to its source, prefixed with the source's label when the collection
 * has more than one source. So a collection with one folder keeps the names it always had, and two folders
 * never collide. The names follow the number of sources: adding a second source renames the first one's
 * documents to `<label>/<path>` (their vectors stay: a rename, not a re-ingest), and removing it renames
 * them back. Every rename is listed in that sync's report.
 */
export function documentName(sources: readonly SourceRef[], source: SourceRef, relativePath: string): string {
	// NFC: a file named on macOS (decomposed) and its twin typed here are one name (two such files: a conflict).
	const name = relativePath.normalize('NFC');
	return sources.length > 1 ? `${source.label}/${name}` : name;
}

/** The source that holds an absolute (resolved) file path, and the path relative to it; undefined when none does. */
export function locateInSources(sources: readonly SourceRef[], file: string): {source: SourceRef; relativePath: string} | undefined {
	for (const source of sources) {
		const relative = path.relative(source.path, file);
		if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) {
			return {source, relativePath: relative.split(path.sep).join('/')};
		}
	}

	return undefined;
}

/**
 * Why a folder cannot become another source of a collection: it is one already, or it holds or lies inside one
 * (a file would then belong to two sources). Undefined when it can.
 */
export function sourceOverlap(sources: readonly SourceRef[], folder: string): string | undefined {
	for (const source of sources) {
		if (source.path === folder) {
			return `${folder} is already a source of this collection (label '${source.label}')`;
		}

		const inside = (outer: string, inner: string) => inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
		if (inside(source.path, folder)) {
			return `${folder} lies inside the source ${source.path} (label '${source.label}')`;
		}

		if (inside(folder, source.path)) {
			return `${folder} holds the source ${source.path} (label '${source.label}'); remove that source first`;
		}
	}

	return undefined;
}
