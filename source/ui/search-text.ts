import type {SearchResponse, SearchResult} from '../client/api-types.js';
import {plainMark, type Style} from '../cli/style.js';
import {explainText} from './explain-text.js';
import {count, plural} from './format.js';
import {snippet, type Segment} from './snippet.js';
import {wrapSegments} from './wrap.js';

const indent = '    ';

/** A line's segments as text: a run of matched words marked as one (`⟦api key⟧`, not `⟦api ⟧⟦key⟧`). */
function joined(segments: readonly Segment[], style: Style): string {
	const runs: Segment[] = [];
	for (const segment of segments) {
		const last = runs.at(-1);
		if (last?.match === segment.match) {
			runs[runs.length - 1] = {...last, text: last.text + segment.text};
		} else {
			runs.push(segment);
		}
	}

	return runs.map(segment => (segment.match ? style.match(segment.text) : segment.text)).join('');
}

/** One hit: rank, score, file and lines; the heading path; a snippet with the query terms marked. */
function hitLines(hit: SearchResult, rank: number, query: string, style: Style, columns: number | undefined, several: boolean): string[] {
	const path = hit.heading_path.length > 0 ? hit.heading_path.join(' › ') : hit.section_title;
	const segments = snippet(hit.content, query);
	// On a terminal the snippet wraps under its indent; piped, it stays one line.
	const lines = columns ? wrapSegments(segments, Math.max(20, columns - indent.length), style.enabled ? 0 : plainMark('').length) : [segments];
	// Over several collections each hit says which one it is from.
	const from = several && hit.collection ? style.dim(`${hit.collection}:`) : '';
	const stale = hit.changed_on_disk ? style.yellow('  (changed on disk since indexed: md-vector update)') : '';
	return [
		`${style.dim(`${String(rank).padStart(2)}.`)} ${style.green(hit.score.toFixed(4))}  ${from}${style.bold(style.cyan(hit.source_file))}${style.dim(`:${hit.start_line}-${hit.end_line}`)}${stale}`,
		`${indent}${style.magenta(path)}`,
		...lines.map(line => `${indent}${joined(line, style)}`),
		...(hit.explain ? [`${indent}${style.dim(explainText(hit.explain))}`] : []),
		'',
	];
}

/** What the search command prints: the hits, then one line with the count, collection, mode and time. */
export function searchText(response: SearchResponse, query: string, style: Style, columns: number | undefined): string {
	const several = (response.collections?.length ?? 1) > 1;
	const hits = response.results.flatMap((hit, index) => hitLines(hit, index + 1, query, style, columns, several));
	// A hybrid search without vectors is answered by keyword alone: say what ran, not what was asked.
	const mode = response.mode === 'hybrid' && response.notice?.startsWith('hybrid search fell back to keyword') ? 'keyword: hybrid fell back' : response.mode;
	const found = response.results.length === 0 ? 'No results' : plural(response.results.length, 'result');
	return `${hits.map(line => `${line}\n`).join('')}${style.dim(`${found} in ${several ? response.collections!.map(name => `'${name}'`).join(', ') : `'${response.collection}'`} (${mode}, ${count(Math.round(response.timings_ms.total))} ms)`)}\n`;
}
