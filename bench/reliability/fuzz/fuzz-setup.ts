import {cpSync, mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {sharedData, until, type DaemonProcess} from '../daemon-process.js';
import type {FuzzContext} from './types.js';

/** A folder of real Markdown (Kubernetes KEPs), plus a file that is not text, for file_path and directory cases. */
export function writeFuzzFolder(home: string, files = 12): string {
	const folder = path.join(home, 'notes');
	mkdirSync(folder, {recursive: true});
	const keps = path.join(sharedData, 'kubernetes-keps');
	const readmes = readdirSync(keps, {recursive: true, encoding: 'utf8'}).filter(name => name.endsWith('README.md')).sort().slice(0, files);
	for (const [index, name] of readmes.entries()) {
		cpSync(path.join(keps, name), path.join(folder, `kep-${index}.md`));
	}

	writeFileSync(path.join(folder, 'binary.md'), Buffer.from(Array.from({length: 1024}, (_, index) => ((index * 7919) + 13) % 256)));
	return folder;
}

/** Ingests the folder into `fuzz` as a job, and learns what valid requests need (documents, model, versions). */
export async function prepareFuzzDaemon(daemon: DaemonProcess, folder: string): Promise<FuzzContext> {
	await daemon.untilModel();
	const started = await daemon.api('POST', '/jobs/ingest-directory', {directory: folder, collection: 'fuzz'});
	if (started.status !== 202) {
		throw new Error(`fuzz setup: the ingest job was refused: ${started.status} ${JSON.stringify(started.body)}`);
	}

	const jobId = started.body.job.id as string;
	await until(async () => ((await daemon.api('GET', `/jobs/${jobId}`)).body.job.state === 'running' ? undefined : true), 300_000);
	const documents = (await daemon.api('GET', '/documents?collection=fuzz')).body.documents.map((document: {file: string}) => document.file) as string[];
	const health = (await daemon.api('GET', '/health')).body;
	const exported = await daemon.request({method: 'GET', path: '/api/v1/export?collection=fuzz&format=jsonl'});
	const header = JSON.parse(exported.text.slice(0, exported.text.indexOf('\n'))) as {chunker_version: number};
	return {
		collection: 'fuzz', documents, folder, textFile: path.join(folder, 'kep-0.md'), binaryFile: path.join(folder, 'binary.md'), jobId,
		modelId: health.checks.embedder.model as string, dims: health.checks.embedder.dimension as number, chunkerVersion: header.chunker_version,
	};
}
