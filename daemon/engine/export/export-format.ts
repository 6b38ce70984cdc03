import path from 'node:path';
import {z} from 'zod';
import {firstGlobProblem} from '../../../common/glob/glob-limits.js';
import {checkPathGlob} from '../../../common/glob/path-glob.js';

export {defaultExportFormat, exportFormats, type ExportFormat} from '../../../common/export-formats.js';

/** The version exports are written in: 2 carries the folder sources, each document's place in one and its text. */
export const exportVersion = 2;

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

/** A folder path as a source records it: absolute and already resolved (no '.', '..' or trailing separator). */
const folderPath = z.string().min(1).max(4096, 'must be at most 4096 characters')
	.refine(value => !value.includes('\0') && path.isAbsolute(value) && path.resolve(value) === value, 'must be an absolute path without \'.\', \'..\' or a trailing separator');

/** A file's path within its source: POSIX, relative, no empty, '.' or '..' segment. */
const relativePath = z.string().min(1).max(4096, 'must be at most 4096 characters')
	.refine(value => !value.includes('\0') && value.split('/').every(part => part !== '' && part !== '.' && part !== '..'), 'must be a relative POSIX path without empty, \'.\' or \'..\' segments');

const globs = z.array(z.string().min(1, 'a glob must not be empty').max(256, 'a glob must be at most 256 characters')).max(100, 'give at most 100 globs')
	.superRefine((list, context) => {
		const problem = firstGlobProblem(list, checkPathGlob);
		if (problem) {
			context.addIssue({code: 'custom', message: problem});
		}
	});

/** A folder source of the collection, with the settings it is walked with (docs/sync-design.md). */
export const exportedSource = z.object({
	path: folderPath,
	label: z.string().regex(/^[\w-][\w.-]{0,63}$/, 'must be 1-64 characters of A-Z, a-z, 0-9, \'.\', \'_\' or \'-\', not starting with \'.\''),
	include: globs,
	exclude: globs,
	ignore_files: z.boolean(),
	hidden: z.boolean(),
	watch: z.boolean(),
});

export const exportedDocument = z.object({
	file_name: z.string().min(1).max(255),
	title: z.string(),
	tags: z.array(z.string()),
	content_hash: z.string(),
	byte_size: z.number().int().nonnegative(),
	chunks: z.array(exportedChunk),
	// Version 2: the document's place (the label of the header's source it belongs to and its path there, absent
	// or null for a loose one), the file it was read from, the file's modification time when read, its text.
	source: z.string().nullable().optional(),
	relative_path: relativePath.nullable().optional(),
	source_path: folderPath.nullable().optional(),
	mtime_ms: z.number().nonnegative().nullable().optional(),
	text: z.string().nullable().optional(),
});

/** First object of an export (the whole file in json, the first line in jsonl); `documents` comes after its other fields. */
export const exportHeader = z.object({
	format: z.literal('md-vector-export'),
	version: z.union([z.literal(1), z.literal(exportVersion)]),
	collection: z.string(),
	model_id: z.string().nullable(),
	dims: z.number().int().positive().nullable(),
	chunker_version: z.number().int(),
	exported_at: z.string(),
	/** Version 2: the collection's folder sources (version 1 has none). */
	sources: z.array(exportedSource).max(1000, 'an export carries at most 1000 sources').optional(),
});

export type ExportHeader = z.infer<typeof exportHeader>;
export type ExportedSource = z.infer<typeof exportedSource>;
export type ExportedDocument = z.infer<typeof exportedDocument>;
