import type {Conflict} from './sync-plan-types.js';

/** What a user can do about a conflict, in the words of the commands. */
export function conflictFix(conflict: Conflict, collection: string): string {
	// A shell word: as it is when it is plain, else in single quotes (a quote inside as '\'').
	const quoted = /^[\w./-]+$/.test(conflict.name) ? conflict.name : `'${conflict.name.replaceAll('\'', String.raw`'\''`)}'`;
	switch (conflict.holder) {
		case 'loose': {
			return 'it was ingested on its own; take the name over with md-vector update --force (or ingest-dir --force), '
				+ `remove the other document (md-vector delete ${quoted} -C ${collection}), or rename the file`;
		}

		case 'source': {
			return 'another folder of the collection holds it; rename the file';
		}

		case 'sync': {
			return 'rename one of the files';
		}
	}
}
