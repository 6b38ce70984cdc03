// Commands that change the index: ingest, ingest-dir, delete, import.
import {collection, collectionWords, force, incremental} from '../cli/options.js';
import type {CommandSpec, OptionSpec} from '../cli/spec.js';

const syncForce: OptionSpec = {...force, description: 're-chunk and re-embed every file, and take over names held by documents ingested on their own'};
const yes: OptionSpec = {name: 'yes', short: 'y', description: 'do not ask: delete (needed under --json and without a terminal)'};

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
		summary: 'add a folder as a source of a collection and sync it (new, changed, moved, deleted files), as one job',
		details: 'The collection remembers the folder: `md-vector update` syncs it again. Document names are paths relative to the folder, '
			+ 'prefixed with the source\'s label once a collection has two folders. .gitignore and .mdvectorignore are honoured; what is skipped '
			+ 'is counted by reason, and every removed document is listed. Again on a folder that is a source: syncs it (globs given replace its own). '
			+ 'A file it could not index (a name another document holds, too large, unreadable) makes it exit 1; the report says what to do. '
			+ 'Ctrl-C cancels: files already committed are kept, whole.',
		args: [{name: 'DIRECTORY', description: 'the folder to index', completes: 'directory'}],
		options: [
			collection, incremental, syncForce,
			{name: 'include', value: 'glob', repeatable: true, description: 'index only files matching it (no \'/\': a name at any depth; with one: from the folder)'},
			{name: 'exclude', value: 'glob', repeatable: true, description: 'leave out files and folders matching it'},
			{name: 'no-ignore', description: 'do not honour .gitignore and .mdvectorignore'},
			{name: 'hidden', description: 'walk dot-folders, dot-files and node_modules too (.git never)'},
			{name: 'label', value: 'label', description: 'prefix of its documents\' names when the collection has several folders (default: the folder\'s name)'},
		],
		json: true,
		examples: ['md-vector ingest-dir ~/notes -C notes', 'md-vector ingest-dir ~/work/docs -C notes --exclude \'archive/**\' --include \'*.md\''],
		words: {...collectionWords, directory: 'ARG0', include: '--include', exclude: '--exclude', ignore_files: '--no-ignore', label: '--label'},
		load: async () => import('../commands/ingest-dir.js'),
	},
	{
		name: 'update',
		summary: 'sync every folder source of every collection (or of one) with the disk, as one job',
		details: 'New files are added, changed ones re-embedded (unchanged chunks keep their vectors), files gone from disk removed, '
			+ 'moved files keep their documents and vectors. The report lists added, changed, moved and removed documents, and failures. '
			+ 'A folder that is missing (an unmounted disk) is reported and loses nothing. A file it could not index (a name another '
			+ 'document holds, too large, unreadable) makes it exit 1; the report says what to do.',
		options: [
			{name: 'collection', short: 'C', value: 'name', description: 'sync only this collection (default: every collection with folder sources)'},
			syncForce,
		],
		json: true,
		examples: ['md-vector update', 'md-vector update -C notes --json'],
		words: collectionWords,
		load: async () => import('../commands/update.js'),
	},
	{
		name: 'watch',
		summary: 'follow the folder sources and sync each change within seconds, until Ctrl-C',
		details: 'The daemon watches the folders while this runs (it catches up first), debounced and batched: an editor\'s save-by-rename '
			+ 'or a git checkout of thousands of files is one sync. Each sync that changed something is printed like update\'s report.',
		options: [{name: 'collection', short: 'C', value: 'name', description: 'follow only this collection (default: every collection with folder sources)'}],
		json: true,
		examples: ['md-vector watch', 'md-vector watch -C notes --json   # one JSON line per event: ready, sync, error'],
		words: collectionWords,
		load: async () => import('../commands/watch.js'),
	},
	{
		name: 'collection rm',
		summary: 'delete a collection with its documents, vectors and folder sources (asks first unless --yes)',
		args: [{name: 'NAME', description: 'the collection (md-vector collections lists them)'}],
		options: [yes],
		json: true,
		examples: ['md-vector collection rm old-notes', 'md-vector collection rm old-notes --yes --json'],
		words: {name: 'ARG0'},
		load: async () => import('../commands/collection/rm.js'),
	},
	{
		name: 'collection rename',
		summary: 'give a collection a new name, keeping its documents, vectors and sources',
		args: [{name: 'OLD', description: 'the collection'}, {name: 'NEW', description: 'its new name: 1-128 characters of A-Z a-z 0-9 . _ -'}],
		json: true,
		examples: ['md-vector collection rename notes notes-2025'],
		words: {name: 'ARG1'},
		load: async () => import('../commands/collection/rename.js'),
	},
	{
		name: 'collection sources',
		summary: 'list the folders a collection is filled from, with their settings, documents and last sync',
		args: [{name: 'NAME', description: 'the collection'}],
		json: true,
		examples: ['md-vector collection sources notes --json'],
		words: {name: 'ARG0'},
		load: async () => import('../commands/collection/sources.js'),
	},
	{
		name: 'collection remove-source',
		summary: 'stop following a folder and delete its documents (asks first unless --yes)',
		details: 'Back to one folder, the other folder\'s documents lose their label prefix (renamed, keeping their vectors). A collection left with nothing is deleted.',
		args: [{name: 'NAME', description: 'the collection'}, {name: 'PATH', description: 'the folder, as md-vector collection sources lists it', completes: 'directory'}],
		options: [yes],
		json: true,
		examples: ['md-vector collection remove-source notes ~/old-notes --yes'],
		words: {name: 'ARG0', path: 'ARG1'},
		load: async () => import('../commands/collection/remove-source.js'),
	},
	{
		name: 'delete',
		summary: 'delete a document and its chunks by the name it was stored under',
		details: 'A collection left with no document and no folder source is deleted too (as remove-source does). A file of a folder source '
			+ 'comes back at the next update or watch: leave it out with --exclude or .mdvectorignore to keep it out.',
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
