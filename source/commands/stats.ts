import type {CollectionStats} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';
import {count, formatBytes, percent} from '../ui/format.js';

type StatsReply = CollectionStats & {disk_bytes: number};

const kindNames = {flat: 'exact (flat)', hnsw: 'approximate (HNSW graph)'} as const;

/** Kind and vector size of the index, and a build in progress (searches use the current index meanwhile). */
function indexLine(stats: StatsReply): string {
	if (stats.dims === null) {
		return '-';
	}

	const building = stats.index_rebuilding ? `; becoming ${kindNames[stats.index_rebuilding]} once writes settle` : '';
	return `${kindNames[stats.index_kind]}, ${formatBytes(stats.index_vectors * stats.dims * 4)} of vectors${building}`;
}

function vectorsLine(stats: StatsReply): string {
	const line = `${count(stats.vectors)} stored, ${count(stats.index_vectors)} in the index`;
	const fill = stats.vector_fill;
	return fill ? `${line}; filling in: ${count(fill.done)} of ${count(fill.total)} chunks (${percent(fill.done, fill.total)})` : line;
}

/** The model, and its switch to another under way (searches answer from the first until it completes). */
function modelLine(stats: StatsReply): string {
	const model = stats.model ?? 'none yet';
	const next = stats.model_switch;
	return next ? `${model}; switching to ${next.to}: ${count(next.done)} of ${count(next.total)} chunks (${percent(next.done, next.total)})` : model;
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const stats = await (await connect({onNotice: io.note})).stats(stringOption(invocation, 'collection'));
	if (invocation.json) {
		return stats;
	}

	const rows: Array<[string, string]> = [
		['collection', stats.collection],
		['documents', count(stats.documents)],
		['chunks', count(stats.chunks)],
		['vectors', vectorsLine(stats)],
		['tokens', count(stats.tokens)],
		['model', modelLine(stats)],
		['dimensions', stats.dims === null ? '-' : String(stats.dims)],
		['index', indexLine(stats)],
		['disk use', `${formatBytes(stats.disk_bytes)} (store, all collections)`],
		['chunker', `v${stats.chunker_version}`],
	];
	io.out(rows.map(([label, value]) => `${io.style.dim(label.padEnd(11))}${value}\n`).join(''));
	return undefined;
}
