import type pg from 'pg';
import {isBoilerplate} from '../../search/boilerplate.js';
import {inTransaction} from './pool.js';
import {wordsVector} from './words-vector.js';

/** Chunks filled in per transaction: a few hundred texts read, one UPDATE. */
const batchSize = 500;

/**
 * Fills in `words` and `boilerplate` of chunks written before migration 10 (schema.ts), in the background, a batch
 * per transaction, until none is left (`boilerplate IS NULL` marks them: `words` stays NULL for a chunk past
 * PostgreSQL's position limits). Until then a search checks such chunks by their text, and reads it to tell
 * boilerplate: the answers are the same, only slower. Several daemons may run it at once: rows one of them holds
 * are skipped by the others (SKIP LOCKED). Stops at close; a failure is logged and tried again at the next start.
 */
export class WordsBackfill {
	private stopped = false;
	readonly done: Promise<void>;

	constructor(private readonly pool: pg.Pool, private readonly log?: (line: string) => void) {
		this.done = this.run().catch((error: unknown) => {
			if (!this.stopped) {
				this.log?.(`postgres: filling in the words of older chunks stopped (${error instanceof Error ? error.message : String(error)}); phrases still work from their text, it goes on at the next start`);
			}
		});
	}

	async stop(): Promise<void> {
		this.stopped = true;
		await this.done;
	}

	private async run(): Promise<void> {
		let filled = 0;
		while (!this.stopped) {
			const count = await inTransaction(this.pool, async client => this.batch(client));
			filled += count;
			if (count < batchSize) {
				break;
			}
		}

		if (filled > 0) {
			this.log?.(`postgres: filled in the words and boilerplate flags of ${filled.toLocaleString('en-US')} chunks written before migration 10`);
		}
	}

	private async batch(client: pg.ClientBase): Promise<number> {
		const {rows} = await client.query<{id: number; content: string}>(`SELECT id, content FROM md_vector.chunks WHERE boilerplate IS NULL
			ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`);
		if (rows.length > 0) {
			await client.query(`UPDATE md_vector.chunks c SET words = v.words, boilerplate = v.boilerplate
				FROM unnest($1::bigint[], $2::tsvector[], $3::boolean[]) AS v (id, words, boilerplate) WHERE c.id = v.id`, [
				rows.map(row => row.id), rows.map(row => wordsVector(row.content)), rows.map(row => isBoilerplate(row.content)),
			]);
		}

		return rows.length;
	}
}
