import type Database from 'better-sqlite3';
import {varintAt} from './fts-varints.js';

/** One b-tree segment of the FTS5 index: its leaf pages, its entries and those of them deleted since (tombstones). */
export type KeywordSegment = {readonly pages: number; readonly entries: number; readonly deleted: number};

/** FTS5 keeps its structure record (the segments of each level) at this rowid of its data table. */
const structureRowid = 10;

/** The four bytes after the cookie that mark the record's second version (SQLite 3.43 on: tombstones per segment). */
const version2 = [0xFF, 0x00, 0x00, 0x01];

/**
 * The segments of the store's FTS5 index, read from its structure record (fts5_index.c, fts5StructureDecode): a
 * search looks up each term in every segment, so an index in many segments answers slower than the same index in
 * one. Undefined when the record is not in the format read here (another SQLite): the caller then leaves the index
 * as FTS5's own merging keeps it. The record is checked whole: its segment count and its length must agree.
 */
export function keywordSegments(db: Database.Database): KeywordSegment[] | undefined {
	const row = db.prepare('SELECT block FROM chunks_fts_data WHERE id = ?').get(structureRowid) as {block: Uint8Array} | undefined;
	if (!row) {
		return []; // an index nothing was ever written to
	}

	try {
		return parseStructure(row.block);
	} catch {
		return undefined;
	}
}

/** The segments a structure record lists; throws when the record is not one (see keywordSegments). */
export function parseStructure(bytes: Uint8Array): KeywordSegment[] {
	let at = 4; // the cookie
	const v2 = version2.every((byte, index) => bytes[at + index] === byte);
	if (v2) {
		at += 4;
	}

	const next = () => {
		const {value, length, complete} = varintAt(bytes, at);
		if (!complete) {
			throw new RangeError('the record ends inside a number');
		}

		at += length;
		return value;
	};

	const levels = next();
	const count = next();
	next(); // the write counter
	const segments: KeywordSegment[] = [];
	for (let level = 0; level < levels; level++) {
		next(); // segments of this level being merged
		const onLevel = next();
		for (let index = 0; index < onLevel; index++) {
			next(); // the segment's id
			const first = next();
			const last = next();
			let entries = 0;
			let deleted = 0;
			if (v2) {
				next(); // origin counters: which writes the segment holds
				next();
				next(); // pages of tombstones
				deleted = next();
				entries = next();
			}

			segments.push({pages: last - first + 1, entries, deleted});
		}
	}

	if (segments.length !== count || at !== bytes.length) {
		throw new RangeError(`not an FTS5 structure record this reads: ${segments.length} segments of ${count}, ${at} bytes of ${bytes.length}`);
	}

	return segments;
}

/**
 * Whether merging the index into one segment is worth its cost now. The merge rewrites the whole index, so it is
 * not done for every small write: only when the segments besides the largest hold an eighth of the pages or more (a
 * large import, or many edits since the last merge), or an eighth of the entries are deleted ones (re-ingested
 * files). Each write is so rewritten about eight times at most, and a search then reads one segment per term.
 */
export function mergeDue(segments: readonly KeywordSegment[]): boolean {
	if (segments.length < 2 && (segments[0]?.deleted ?? 0) === 0) {
		return false;
	}

	const pages = segments.reduce((sum, segment) => sum + segment.pages, 0);
	const largest = Math.max(...segments.map(segment => segment.pages));
	const entries = segments.reduce((sum, segment) => sum + segment.entries, 0);
	const deleted = segments.reduce((sum, segment) => sum + segment.deleted, 0);
	return (pages - largest) * 8 >= pages || (entries > 0 && deleted * 8 >= entries);
}
