import type {SearchMode} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {searchOnce} from '../client/search-once.js';
import {defaultCollection, type Fusion} from '../../common/search-defaults.js';
import type {Io} from '../cli/io.js';
import {flag, listOption, stringOption, type Invocation} from '../cli/spec.js';
import {DaemonError, UsageError} from '../client/client-errors.js';
import {searchText} from '../ui/search-text.js';
import {markedRanges, queryMarks} from '../ui/query-marks.js';
import {formatFiles, formatPathLines} from '../../common/get/path-line-format.js';
import {filterOf, parseWhere} from '../../common/search/filter-words.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const query = invocation.args[0]!;
	const named = listOption(invocation, 'collection');
	if (flag(invocation, 'all') && named.length > 0) {
		throw new UsageError('--all searches every collection: give it without -C', 'invalid_value');
	}

	let filter;
	try {
		filter = filterOf(listOption(invocation, 'path'), listOption(invocation, 'where').map(word => parseWhere(word)!));
	} catch (error) {
		throw new UsageError(`--where: ${(error as Error).message}`, 'invalid_value');
	}

	const response = await searchOnce(await connect({onNotice: io.note}), query, {
		filter,
		topK: stringOption(invocation, 'top-k'), mode: stringOption(invocation, 'mode') as SearchMode, collection: named[0] ?? defaultCollection,
		collections: named, all: flag(invocation, 'all'),
		// -l lists files: one hit per document, collapsed by the daemon before the top k (as rg -l counts files).
		collapse: flag(invocation, 'collapse') || flag(invocation, 'files'), fusion: stringOption(invocation, 'fusion') as Fusion, onNotice: io.note,
		minScore: stringOption(invocation, 'min-score'), explain: flag(invocation, 'explain'),
	}).catch((error: unknown) => {
		// Without -C the search went to 'default': the client says -C NAME, search can also take them all.
		if (error instanceof DaemonError && error.message.endsWith('; name one with -C NAME')) {
			throw new DaemonError(error.status, error.code, `${error.message}, or search them all with --all`);
		}

		throw error;
	});
	if (response.notice) {
		io.note(`note: ${response.notice}`);
	}

	if (invocation.json) {
		return response;
	}

	// Plain-text formats for other tools: the file on disk when known, else the stored name.
	const located = response.results.map(result => ({path: result.source_path ?? result.source_file, startLine: result.start_line, content: result.content}));
	if (flag(invocation, 'files')) {
		io.out(formatFiles(located).map(line => `${line}\n`).join(''));
		return undefined;
	}

	if (invocation.options.format === 'path:line') {
		const marks = queryMarks(query);
		io.out(formatPathLines(located, line => markedRanges(line, marks).length > 0).map(line => `${line}\n`).join(''));
		return undefined;
	}

	io.out(searchText(response, query, io.style, io.columns));
	return undefined;
}
