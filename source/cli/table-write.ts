// Commands that change the index: ingest, ingest-dir, delete, import.
import {collection, collectionWords, force, incremental} from './options.js';
import type {CommandSpec} from './spec.js';

export const writeCommands: CommandSpec[] = [
	{
		name: 'ingest',
		summary: 'index one Markdown file (for a folder: ingest-dir)',
		details: 'The daemon reads the file. Unchanged chunks keep their vectors; --incremental skips an unchanged file, --force re-embeds it.',
		args: [{name: 'FILE', description: 'a Markdown file (.md, .markdown, .mdx)', completes: 'file'}],
		options: [collection, incremental, force, {name: 'name', value: 'file-name', description: 'document name to store it under (default: the file name)'}],
		json: true,
		examples: ['md-vector ingest notes/today.md -C notes --incremental'],
		words: {...collectionWords, file_path: 'ARG0', file_name: '--name'},
		load: async () => import('../commands/ingest.js'),
	},
	{
		name: 'ingest-dir',
		summary: 'index every Markdown file under a folder as one job, with progress',
		details: 'Document names are paths relative to the folder. Ctrl-C cancels: files already committed are kept, whole.',
		args: [{name: 'DIRECTORY', description: 'the folder to index', completes: 'directory'}],
		options: [collection, incremental, force],
		json: true,
		examples: ['md-vector ingest-dir ~/notes -C notes --incremental'],
		words: {...collectionWords, directory: 'ARG0'},
		load: async () => import('../commands/ingest-dir.js'),
	},
	{
		name: 'delete',
		summary: 'delete a document and its chunks by the name it was stored under',
		args: [{name: 'FILE_NAME', description: 'the stored name (see md-vector documents)'}],
		options: [collection],
		json: true,
		examples: ['md-vector delete guides/install.md -C docs'],
		words: {...collectionWords, file_name: 'ARG0'},
		load: async () => import('../commands/delete.js'),
	},
	{
		name: 'import',
		summary: 'restore a json or jsonl export (vectors included: nothing is re-embedded)',
		args: [{name: 'FILE', description: 'a file written by md-vector export -f json or -f jsonl', completes: 'file'}],
		options: [{name: 'collection', short: 'C', value: 'name', description: 'collection to restore into (default: the one named in the export)'}],
		json: true,
		examples: ['md-vector import notes.jsonl -C notes-copy'],
		words: collectionWords,
		load: async () => import('../commands/import.js'),
	},
];
