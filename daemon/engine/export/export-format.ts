import {z} from 'zod';
import type {ExportFormat} from '../../../common/wire/transfer.js';

export type {ExportFormat} from '../../../common/wire/transfer.js';

/** Every format of common/wire/transfer.ts, each once: the record's type makes a missing or unknown one an error. */
const formats: Record<ExportFormat, true> = {json: true, jsonl: true, csv: true, md: true};
export const exportFormats = Object.keys(formats) as ExportFormat[];
/** The format of an export that names none. */
export const defaultExportFormat: ExportFormat = 'json';

const exportedChunk = z.object({
	id: z.string(),
	ordinal: z.number().int().nonnegative(),
	section_title: z.string(),
	heading_level: z.number().int().min(0).max(6),
	heading_path: z.array(z.string()),
	content: z.string(),
	start_line: z.number().int(),
	end_line: z.number().int(),
	tokens: z.number().int(),
	text_hash: z.string(),
	/** Base64 of little-endian float32; absent when the chunk had no vector. */
	vector: z.string().regex(/^[\d+/A-Za-z]*={0,2}$/, 'must be base64').optional(),
});

export const exportedDocument = z.object({
	file_name: z.string().min(1).max(255),
	title: z.string(),
	tags: z.array(z.string()),
	content_hash: z.string(),
	byte_size: z.number().int().nonnegative(),
	chunks: z.array(exportedChunk),
});

/** First object of an export (the whole file in json, the first line in jsonl). */
export const exportHeader = z.object({
	format: z.literal('md-vector-export'),
	version: z.literal(1),
	collection: z.string(),
	model_id: z.string().nullable(),
	dims: z.number().int().positive().nullable(),
	chunker_version: z.number().int(),
	exported_at: z.string(),
});

export const exportFile = exportHeader.extend({documents: z.array(exportedDocument)});

export type ExportHeader = z.infer<typeof exportHeader>;
export type ExportedDocument = z.infer<typeof exportedDocument>;
