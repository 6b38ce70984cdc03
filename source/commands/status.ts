import {connect} from '../client/connect.js';
import {modelAdvice, noteMismatch} from '../client/model-check.js';
import {describeOrigin} from '../../common/settings/model-origin.js';
import type {Io} from '../cli/io.js';
import type {Health} from '../client/api-types.js';
import type {Invocation} from '../cli/spec.js';
import {count, percent, plural} from '../ui/format.js';

/**
 * One line: address, version, health, chunks, the model and where it came from; a vector fill-in in progress is
 * part of the health. Then model switches under way and other models loaded, storage, writes, problems. A model setting here that the daemon does not use is said on stderr, with how to apply it.
 */
/** A line per model switch under way, and one naming the other models loaded (none: nothing). */
function modelLines(embedder: Health['checks']['embedder']): string {
	const lines = (embedder.model_switches ?? []).map(entry => `switching ${entry.collection} from ${entry.from ?? 'no vectors'} to ${entry.to}: `
		+ `${count(entry.done)} of ${count(entry.total)} chunks (${percent(entry.done, entry.total)}); searches answer from ${entry.from ?? 'keywords'} until it completes\n`);
	const others = (embedder.models ?? []).filter(model => !model.default);
	if (others.length > 0) {
		lines.push(`models loaded besides the default: ${others.map(model => `${model.model} (${model.status})`).join(', ')}\n`);
	}

	return lines.join('');
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const client = await connect({start: false});
	const health = {...(await client.health()), url: client.baseUrl};
	noteMismatch(health, io.note);

	if (invocation.json) {
		return health;
	}

	const {chromadb: store, embedder} = health.checks;
	const fill = embedder.vector_fill;
	const state = health.status === 'ok' && !fill ? io.style.green('ok') : io.style.yellow(fill && health.status === 'ok' ? 'ok, filling in vectors' : health.status);
	const filling = fill ? ` (${count(fill.done)} of ${count(fill.total)} chunks, ${percent(fill.done, fill.total)}; semantic search sees those only)` : '';
	const reason = embedder.reason ? `: ${modelAdvice(embedder.reason, health)}` : '';
	const origin = embedder.origin ? ` from ${describeOrigin(embedder.origin)}` : '';
	io.out(`daemon ${health.version} at ${health.url}: ${state}${filling}, ${plural(store.count, 'chunk')}, model ${embedder.model} (${embedder.status}${reason})${origin}\n`);
	io.out(modelLines(embedder));
	const {storage, writes, background} = health.checks;
	if (storage?.backend === 'postgres') {
		const pool = storage.pool ? `; connections ${storage.pool.busy} busy of ${storage.pool.open} open (at most ${storage.pool.max}), ${storage.pool.waiting} waiting` : '';
		io.out(`storage: ${storage.server} + pgvector ${storage.pgvector}, database ${storage.database} at ${storage.location}${pool}\n`);
	} else if (storage) {
		io.out(`storage: embedded (SQLite + FAISS) in ${storage.location}\n`);
	}

	if (writes?.running) {
		io.out(`writing: ${writes.running}${writes.waiting.length > 0 ? `; waiting: ${writes.waiting.join(', ')}` : ''}\n`);
	}

	for (const problem of background?.problems ?? []) {
		io.out(`problem (${problem.source}, since ${problem.since}): ${problem.message}\n`);
	}

	return undefined;
}
