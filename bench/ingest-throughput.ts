// Ingestion speed of the whole pipeline (ingest-dir over HTTP: walk, chunk, tokenize, embed, SQLite, FAISS) next
// to the bare ONNX Runtime throughput of the same model on the same chunk texts: the ratio shows what the
// pipeline costs beyond inference itself.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {AutoTokenizer} from '@huggingface/transformers';
import * as ort from 'onnxruntime-node';
import {chunkMarkdown} from '../daemon/engine/chunker/chunk-markdown.js';
import {headingContextFromEnv} from '../daemon/engine/chunker/heading-context.js';
import type {DaemonClient} from '../source/client/daemon-client.js';
import {walkMarkdown} from './walk-markdown.js';
import {planBatches} from './batches-before.js';

export type IngestRun = {files: number; chunks: number; seconds: number};

/** Times `ingest-dir` of `folder` into `collection` through the daemon's job API. */
export async function timeIngest(client: DaemonClient, folder: string, collection: string, mode: 'default' | 'incremental' = 'default'): Promise<IngestRun> {
	const started = performance.now();
	const {job} = await client.startDirectoryJob({directory: folder, collection, mode});
	const done = await client.followJob(job.id, () => undefined);
	if (done.state !== 'completed') {
		throw new Error(`ingest of ${folder} ended ${done.state}`);
	}

	return {files: done.progress.total_files, chunks: done.progress.chunks, seconds: (performance.now() - started) / 1000};
}

/** The texts the pipeline embeds for `folder` (heading path + chunk), chunked exactly as ingest does. */
export async function chunkTexts(folder: string): Promise<string[]> {
	const texts: string[] = [];
	for (const file of await walkMarkdown(folder)) {
		const document = chunkMarkdown(readFileSync(path.join(folder, file), 'utf8'), file, {headingContext: headingContextFromEnv()}); // file: relative to folder
		texts.push(...document.chunks.map(chunk => chunk.embedText));
	}

	return [...new Set(texts)]; // the pipeline embeds a repeated text once
}

/**
 * The bare model's speed: ONNX Runtime alone (no daemon, no tokenizing: the texts are tokenized beforehand) on the
 * same model file the daemon loads (q8) and the same texts, with its default threads (every core) and the daemon's
 * spinning setting (MD_VECTOR_ONNX_SPIN). `batched`: in batches of similar length (up to `maxBatch` texts and
 * about 1,000 padded characters), the fastest one session ran and how md-vector embedded before issue 35, when a
 * vector depended on its batch; `one`: a text per run.
 * Chunks per second of session.run only.
 */
export async function rawOnnxThroughput(modelDir: string, texts: readonly string[], maxBatch = 32, batching: 'batched' | 'one' = 'batched'): Promise<{chunksPerSecond: number; seconds: number}> {
	const tokenizer = await AutoTokenizer.from_pretrained(modelDir, {local_files_only: true});
	// ONNX Runtime's threads spin while waiting unless MD_VECTOR_ONNX_SPIN=0, as the daemon's do (model-config.ts).
	const spin = process.env.MD_VECTOR_ONNX_SPIN !== '0';
	const session = await ort.InferenceSession.create(path.join(modelDir, 'onnx', 'model_quantized.onnx'), spin ? {} : {extra: {session: {intra_op: {allow_spinning: '0'}, inter_op: {allow_spinning: '0'}}}});
	const batches = [];
	for (const batch of batching === 'one' ? texts.map((_, index) => [index]) : planBatches(texts, maxBatch)) {
		const encoded = tokenizer(batch.map(index => texts[index]!), {padding: true, truncation: true}) as Record<string, {data: BigInt64Array; dims: number[]}>;
		batches.push(Object.fromEntries(session.inputNames.map(name => [name, new ort.Tensor('int64', encoded[name]!.data, encoded[name]!.dims)])));
	}

	const started = performance.now();
	for (const feeds of batches) {
		await session.run(feeds);
	}

	const seconds = (performance.now() - started) / 1000;
	await session.release();
	return {chunksPerSecond: texts.length / seconds, seconds};
}
