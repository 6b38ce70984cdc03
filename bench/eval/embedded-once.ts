// The eval's corpus is embedded once per model and setting, then restored through the real API (export, import):
// a ranking variant costs its queries, not a re-embedding (SciFact: minutes; the KEP sample: much more on 2 cores).
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import type {DaemonClient} from '../../source/client/daemon-client.js';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {modelConfigFromEnv} from '../../daemon/engine/embedder/model-config.js';
import type {QuerySet} from './query-set.js';

/**
 * Where the export of `set` made with this environment's model settings is kept: MD_VECTOR_EVAL_CACHE, else
 * ~/.cache/md-vector-eval. Everything that changes the stored chunks or vectors is in the name.
 */
export function cacheFile(set: QuerySet, env: NodeJS.ProcessEnv): string {
	// What the daemon will load (pooling and document prefix resolved from the model's family), and one text per
	// model run since issue 35: vectors made in batches before are not reused.
	const config = modelConfigFromEnv(env);
	const model = [config.directory ?? config.id, config.dtype, config.pooling, `document prefix '${config.documentPrefix}'`,
		env.MD_VECTOR_EMBED_HEADINGS ?? '1', `chunker ${chunkerVersion}`, 'one text per run'].join('\n');
	const key = createHash('sha256').update(`${set.name}\n${model}`).digest('hex').slice(0, 16);
	const slug = set.name.replaceAll(/\W+/g, '-').slice(0, 40).toLowerCase();
	return path.join(env.MD_VECTOR_EVAL_CACHE ?? path.join(os.homedir(), '.cache', 'md-vector-eval'), `${slug}-${key}.jsonl`);
}

/**
 * Fills `collection` with the set's corpus: from the cached export when there is one and not `fresh` (import:
 * chunks and vectors as stored, keyword index rebuilt by this build), else by ingesting the folder, then keeping
 * its export there. Without a file (no model: no vectors worth keeping) it only ingests.
 */
export async function fillOnce(client: DaemonClient, set: QuerySet, collection: string, file: string | undefined, fresh: boolean): Promise<void> {
	const started = performance.now();
	const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
	if (file && !fresh && existsSync(file)) {
		const result = await client.importExport(readFileSync(file, 'utf8'), collection);
		console.log(`restored: ${result.documents} documents, ${result.chunks} chunks from ${file} in ${seconds()} s (--fresh re-embeds)`);
		return;
	}

	const {job} = await client.startDirectoryJob({directory: set.folder, collection});
	const done = await client.followJob(job.id, () => undefined);
	if (done.state !== 'completed' || done.progress.failed > 0) {
		throw new Error(`ingest of ${set.folder} ended ${done.state} with ${done.progress.failed} failed files`);
	}

	console.log(`ingested: ${done.progress.indexed} documents, ${done.progress.chunks} chunks in ${seconds()} s (${(done.progress.chunks / Number(seconds())).toFixed(1)} chunks/s)`);
	if (!file) {
		return;
	}

	const parts: Buffer[] = [];
	for await (const part of await client.exportCollection('jsonl', collection)) {
		parts.push(Buffer.from(part));
	}

	mkdirSync(path.dirname(file), {recursive: true});
	writeFileSync(`${file}.partial`, Buffer.concat(parts));
	renameSync(`${file}.partial`, file);
	console.log(`kept its export for the next runs: ${file}`);
}
