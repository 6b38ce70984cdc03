// Commands that read: search, listings, stats, status, export.
import {defaultCollection, fusions, searchDefaults, searchLimits, searchModes} from '../../common/search-defaults.js';
import {checkMaxBytes, checkMinScore, checkTopK, checkWhere, collection, collectionWords} from '../cli/options.js';
import type {CommandSpec} from '../cli/spec.js';

export const readCommands: CommandSpec[] = [
	{
		name: 'search',
		summary: 'search one collection, several or all: hybrid (keyword and vectors fused), semantic or keyword',
		args: [{name: 'QUERY', description: `what to look for, 1 to ${searchLimits.queryMax} characters: words, "an exact phrase", -word and -"a phrase" to leave out (after --: md-vector search -- '-word first')`}],
		options: [
			{name: 'top-k', short: 'k', value: 'N', description: `number of results, ${searchLimits.topKMin} to ${searchLimits.topKMax}`, default: String(searchDefaults.topK), check: checkTopK},
			{name: 'mode', value: 'mode', description: 'how to rank', default: searchDefaults.mode, choices: searchModes},
			{name: 'collection', short: 'C', value: 'name', repeatable: true, description: `collection to search ('${defaultCollection}' when none is given); repeat it for several, ranked as one`},
			{name: 'all', description: 'search every collection, ranked as one'},
			{name: 'collapse', description: 'at most one result per document'},
			{name: 'fusion', value: 'method', description: 'hybrid only: merge by rank (rrf) or by normalised score (convex)', default: searchDefaults.fusion, choices: fusions},
			{name: 'min-score', value: 'X', description: 'leave out hits scoring below X (BM25 in keyword mode, cosine in semantic, the fused score in hybrid)', check: checkMinScore},
			{name: 'explain', description: 'under each hit, how it ranked: keyword rank and BM25, vector rank and similarity, each one\'s share of the score'},
			{name: 'path', value: 'glob', repeatable: true, description: 'only documents whose stored name matches (* within a folder, ** across: \'api/**\'); any of several may match'},
			{name: 'where', value: 'KEY=VALUE', repeatable: true, description: 'only documents whose front matter has KEY equal to VALUE (or, for a list, holding it); all must hold', check: checkWhere},
			{name: 'files', short: 'l', description: 'print only the paths of the matching files, each once, best first; -k counts files (as rg -l)'},
			{name: 'format', value: 'format', description: 'path:line prints path:line:text per hit, for editors\' quickfix lists (as rg -n)', choices: ['path:line']},
		],
		json: true,
		examples: ['md-vector search "rotate the api key" -k 5 -C notes', 'md-vector search "rotate the api key" -C notes -C work', 'md-vector search "rotate the api key" --format path:line | vim -q /dev/stdin', 'md-vector search \'"api key" rotate -staging\' --explain', 'md-vector search -- \'-draft release notes\'', 'md-vector search kubectl --mode keyword --json | jq \'.results[].source_file\'',
			'md-vector search "rate limits" --path \'api/**\' --where status=published --where tags=security'],
		words: {...collectionWords, top_k: '-k', query: 'the query', mode: '--mode', fusion: '--fusion', min_score: '--min-score', 'filter.paths': '--path', 'filter.meta': '--where'},
		load: async () => import('../commands/search.js'),
	},
	{
		name: 'get',
		summary: 'print stored documents as they were indexed, a range of one\'s lines, or one section',
		details: 'FILE is what search prints: the stored name (source_file; md-vector documents lists them), the file\'s path (source_path, search -l), '
			+ 'or a path on this machine; with :LINE (search --format path:line), :LINE:COUNT, or :START-END (a hit\'s header) for a range; '
			+ 'COLLECTION:FILE as a search of several collections prints it. A name that matches nothing gets the nearest stored names. '
			+ 'The text is what was indexed, also after the file changed or vanished (stderr says so). '
			+ 'Several names, or globs over the stored names (* within a folder, ** across), print each document under a header '
			+ '(--json: {"documents": [...]}); --max-bytes skips larger ones (listed); a pattern that matches nothing exits 1.',
		args: [{name: 'FILE[:LINE[:COUNT]]', variadic: true, description: 'the document (name or path), and optionally its first line and how many lines, or :START-END; or several names and globs'}],
		options: [
			{...collection, default: undefined, description: `collection to read from ('${defaultCollection}' when none is given; a name or path it does not hold is looked up in every collection)`},
			{name: 'max-bytes', value: 'N', description: 'with several documents: skip those larger than N bytes', check: checkMaxBytes},
			{name: 'section', value: 'headings', description: 'one section by its headings, outermost first: "Install > Linux" (the title may be left out; the last headings do when they end one section: "Linux")'},
			{name: 'line-numbers', short: 'n', description: 'number the lines'},
		],
		json: true,
		examples: [
			'md-vector get guides/install.md -C docs', 'md-vector get guides/install.md:120:40 -n', 'md-vector get ~/docs/guides/install.md:120-159',
			'md-vector get guides/install.md --section "Install > Linux"', 'md-vector get \'api/*.md\' guide/faq.md --max-bytes 20000',
		],
		words: {...collectionWords, file_name: 'FILE', section: '--section', patterns: 'FILE', max_bytes: '--max-bytes'},
		load: async () => import('../commands/get.js'),
	},
	{
		name: 'collections',
		summary: 'list collections with their documents, chunks, folder sources and last sync',
		json: true,
		examples: ['md-vector collections --json'],
		load: async () => import('../commands/collections.js'),
	},
	{
		name: 'documents',
		summary: 'list the documents of a collection (the names delete takes)',
		options: [collection],
		json: true,
		examples: ['md-vector documents -C notes'],
		words: collectionWords,
		load: async () => import('../commands/documents.js'),
	},
	{
		name: 'stats',
		summary: 'documents, chunks, vectors (and their fill-in), model, index kind and size, disk use',
		options: [collection],
		json: true,
		examples: ['md-vector stats -C notes'],
		words: collectionWords,
		load: async () => import('../commands/stats.js'),
	},
	{
		name: 'status',
		summary: 'is the daemon running: address, version, model, chunks (never starts one)',
		json: true,
		examples: ['md-vector status --json'],
		load: async () => import('../commands/status.js'),
	},
	{
		name: 'export',
		summary: 'write a collection as json or jsonl (everything, vectors included), csv or md',
		details: '`md-vector import` restores json and jsonl exports without re-embedding; csv and md are for reading.',
		options: [
			{name: 'output', short: 'o', value: 'file', description: 'file to write (- for stdout)', default: '-', completes: 'file'},
			{name: 'format', short: 'f', value: 'format', description: 'what to write', default: 'json', choices: ['json', 'jsonl', 'csv', 'md']},
			collection,
		],
		examples: ['md-vector export -o notes.jsonl -f jsonl -C notes'],
		words: {...collectionWords, format: '-f'},
		load: async () => import('../commands/export.js'),
	},
];
