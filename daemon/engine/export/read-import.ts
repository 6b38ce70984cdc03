import {chunkerVersion} from '../chunker/chunk-markdown.js';
import {invalidInput} from '../errors.js';
import {checkCollectionName} from '../names.js';
import type {DocumentToWrite} from '../storage/types.js';
import {parseExport} from './read-export.js';

export type ParsedImport = {
	/** The collection it goes into: the one asked for, else the one the export names. */
	readonly collection: string;
	readonly documents: DocumentToWrite[];
	/** The model its vectors were made with (checked against the collection's by the storage); none for keyword-only exports. */
	readonly fingerprint?: {readonly modelId: string; readonly dims: number};
};

/** An export (json or jsonl, whole or as a stream of lines), read and checked whole before anything is written. */
export async function readImport(input: string | AsyncIterable<string>, collection?: string): Promise<ParsedImport> {
	const {header, documents} = await parseExport(typeof input === 'string' ? input.split('\n') : input);
	const name = checkCollectionName(collection ?? header.collection);
	if (header.chunker_version !== chunkerVersion) {
		throw invalidInput(`import: the export was made by chunker v${header.chunker_version}; this version uses v${chunkerVersion}`);
	}

	// Every vector was checked by parseExport (dimensions, finite, unit length).
	const fingerprint = header.model_id && header.dims ? {modelId: header.model_id, dims: header.dims} : undefined;
	return {collection: name, documents, fingerprint};
}
