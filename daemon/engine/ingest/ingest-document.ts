import type {IngestResult} from '../engine-answers.js';
import type {FileStamp} from '../files/file-stamp.js';
import {checkCollectionName, checkFileName} from '../names.js';
import {prepareDocument} from './prepare-document.js';
import type {IngestMode} from './ingest-outcome.js';
import {commitGroup, embedGroup, type IngestPipeline} from './ingest-pipeline.js';

export type IngestRequest = {
	readonly content: string;
	readonly fileName: string;
	readonly collection: string;
	readonly mode?: IngestMode;
	readonly sourcePath?: string;
	/** The name was derived from the path (not given): inside a folder source, the document takes its name there. */
	readonly nameFromPath?: boolean;
	/** The file's stamp as it was read (files/file-stamp.ts), recorded so that whether it changed is told without reading it. */
	readonly stamp?: FileStamp;
	/** Aborted when whoever asked is gone: the embedding stops between batches, nothing is written (EngineError client_closed). */
	readonly signal?: AbortSignal;
};

/** Where a file lies inside one of the collection's folder sources (sources/folder-sources.ts); undefined when in none. */
export type PlaceOf = (collection: string, file: string) => Promise<{name: string; sourceId: number; relativePath: string} | undefined>;

/** Ingests one document: embedded outside the write queue, checked and written inside it (ingest-pipeline.ts). */
export async function ingestDocument(pipeline: IngestPipeline, placeOf: PlaceOf, request: IngestRequest): Promise<IngestResult> {
	const collectionName = checkCollectionName(request.collection);
	// A file inside a folder source is that source's document: `ingest notes/sub/c.md` beside `ingest-dir notes` is no duplicate.
	const place = request.sourcePath && request.nameFromPath ? await placeOf(collectionName, request.sourcePath) : undefined;
	const fileName = checkFileName(place?.name ?? request.fileName);
	const prepared = await prepareDocument(request.content, fileName, {sourcePath: request.sourcePath, place: place && {sourceId: place.sourceId, relativePath: place.relativePath}, stamp: request.stamp});
	const embedded = await embedGroup(pipeline, collectionName, [prepared], request.mode ?? 'default', request.signal);
	const [outcome] = await commitGroup(pipeline, collectionName, embedded, request.signal);
	return {chunks: outcome!.chunks, file: fileName, collection: collectionName, outcome: outcome!.status};
}
