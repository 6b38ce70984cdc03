import {existsSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import type Database from 'better-sqlite3';

/** Where the build puts the compiled md_bm25 (tools/build-sqlite-extension.ts): dist/native/, beside dist/daemon. */
export function keywordScoreLibrary(): string {
	const file = process.platform === 'win32' ? 'keyword-score.dll' : (process.platform === 'darwin' ? 'keyword-score.dylib' : 'keyword-score.so');
	return fileURLToPath(new URL(`../../../../../native/${file}`, import.meta.url));
}

/** Whether md_bm25 was added to a connection, and if not, why (for the daemon's log). */
export type NativeScoring = {readonly loaded: true} | {readonly loaded: false; readonly why: string};

/**
 * Adds md_bm25 (native/keyword-score.c) to the connection. Absent (no C compiler when the build ran) or failing
 * to load, keyword search scores with FTS5's bm25() instead: the same ranking, more CPU.
 */
export function loadNativeScoring(db: Database.Database, library = keywordScoreLibrary()): NativeScoring {
	if (!existsSync(library)) {
		return {loaded: false, why: `${library} was not built (no C compiler when npm run build ran)`};
	}

	try {
		db.loadExtension(library); // entry point: sqlite3_keywordscore_init, from the file's name
		return {loaded: true};
	} catch (error) {
		return {loaded: false, why: `${library} could not be loaded: ${(error as Error).message}`};
	}
}
