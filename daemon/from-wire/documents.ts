// Document requests as the API's body and the MCP tools' arguments give them (the same snake_case fields on
// both doors), as the use cases take them.
import type {GetManyBody} from '../../common/get/get-many.js';
import {defaultCollection} from '../../common/search-defaults.js';
import type {ManyRequest} from '../use-cases/get-documents.js';

/** Several documents by name and glob (POST /documents/get, get_documents): the default collection when none is named. */
export const toManyRequest = (body: GetManyBody): ManyRequest => ({collection: body.collection ?? defaultCollection, patterns: body.patterns, maxBytes: body.max_bytes});

/** Where an ingested document comes from: its text, or a file the caller may read (the request names one of them). */
export const ingestSource = (body: {readonly content?: string; readonly file_path?: string}) => (body.file_path === undefined ? {content: body.content!} : {filePath: body.file_path});
