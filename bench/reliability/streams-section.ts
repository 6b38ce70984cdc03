// Issue 25 item 5: open streams must not exhaust the daemon. Several clients open hundreds of event streams at
// once (watch events of collections with folder sources, events of a running job, MCP SSE sessions): with the
// default limits (8 per client, 64 in all) the rest are refused with 429 and Retry-After; with the limits raised,
// 500 stay open. Either way /health keeps answering (p50/p99 measured while they are open), resident memory is
// read before, at its peak and after they close, each source has one watcher and one catch-up sync however many
// streams follow it, and closing them gives everything back.
import {rmSync} from 'node:fs';
import path from 'node:path';
import {percentile} from '../machine.js';
import {DaemonProcess, sharedData, temporaryHome, until} from './daemon-process.js';
import {makeSources, sourceFollowed, sourceReleased, type Sources} from './streams/stream-sources.js';
import {holdStream, type HeldStream} from './streams/hold-stream.js';
import {residentMb} from './streams/memory.js';
import {ownerHeaders} from './oauth/sign-in.js';
import type {Tally} from './tally.js';

const finding = 'I25-streams';
/** Timing and memory on this machine: figures of the full run, not checked by the fast subset in npm test. */
const budgetFinding = 'I25-streams-budget';
/** /health must answer within this while the streams are open; resident memory may grow by at most this. */
const healthBudgetMs = 1000;
const memoryBudgetMb = 256;
const clientCount = 10;

export type StreamsOptions = {
	/** Streams asked for with the default limits (8 per client, 64 in all). */
	readonly attempts?: number;
	/** Streams held open with the limits raised. */
	readonly open?: number;
	/** /health requests while they are open. */
	readonly healthSamples?: number;
	/** The folder a job ingests while its events are followed (a long one keeps them open). */
	readonly jobFolder?: string;
	/** Notes in the largest followed folder (default 1,000). */
	readonly files?: number;
};

type Caller = {readonly name: string; readonly headers: Record<string, string>};

type Kind = {readonly name: string; readonly route: (job: string) => string; readonly ready: RegExp};

const kinds = {
	watchW: {name: 'watch', route: () => '/api/v1/watch/events?collection=w', ready: /event: ready/},
	watchV: {name: 'watch', route: () => '/api/v1/watch/events?collection=v', ready: /event: ready/},
	job: {name: 'job', route: (job: string) => `/api/v1/jobs/${job}/events`, ready: /event: (?:progress|done)/},
	sse: {name: 'sse', route: () => '/sse', ready: /event: endpoint/},
} satisfies Record<string, Kind>;

export async function streamsSection(tally: Tally, options: StreamsOptions = {}): Promise<void> {
	const attempts = options.attempts ?? 500;
	const open = options.open ?? 500;
	await phase(tally, 'default limits', {attempts, env: {}, options});
	await phase(tally, 'limits raised', {attempts: open, env: {MD_VECTOR_STREAMS_PER_CLIENT: String(open), MD_VECTOR_STREAMS: String(open), MD_VECTOR_CONNECTIONS_PER_ADDRESS: String(2 * open), MD_VECTOR_CONNECTIONS: String(2 * open)}, options});
}

async function phase(tally: Tally, name: string, setup: {attempts: number; env: Record<string, string>; options: StreamsOptions}): Promise<void> {
	const home = temporaryHome('md-vector-streams-');
	const keys = Object.fromEntries(Array.from({length: clientCount}, (_, index) => [`C${index}_KEY`, `stream-client-key-${index}`]));
	const sources = makeSources(home, clientCount, setup.options.files ?? 1000);
	// No model: the job's ingest stores chunks for keyword search, so memory is the streams' (and the job's parsing).
	const daemon = await DaemonProcess.start({home, env: {...keys, MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1', ...setup.env}});
	const held: HeldStream[] = [];
	try {
		const owner = ownerHeaders(daemon);
		await sources.ingest(daemon, owner);
		const callers: Caller[] = [{name: 'owner', headers: owner}, ...Object.values(keys).map((key, index) => ({name: `c${index}`, headers: {'x-api-key': key}}))];
		const before = residentMb(daemon.pid);
		const peak = {mb: before?.now ?? 0};
		const sampler = setInterval(() => {
			peak.mb = Math.max(peak.mb, residentMb(daemon.pid)?.now ?? 0);
		}, 100);
		try {
			const started = performance.now();
			// Kinds in turn (3 watch, 1 job, 1 SSE of 5), callers in turn. A few watch streams come first: while the job
			// runs, a follower's catch-up sync would wait for it (syncs take turns); later streams join those followers.
			// One greedy client opens a burst of its own first (the per-client limit), then every client a few.
			const cycle = [kinds.watchW, kinds.job, kinds.watchV, kinds.sse, kinds.watchW];
			const burst = Math.min(24, Math.floor(setup.attempts / 5));
			const plan = [
				...Array.from({length: burst}, (_, index) => ({caller: callers[1]!, kind: index % 2 === 0 ? kinds.watchW : kinds.watchV})),
				...Array.from({length: setup.attempts - burst}, (_, index) => ({caller: callers[index % callers.length]!, kind: cycle[index % cycle.length]!})),
			];
			const first = [...plan.slice(0, burst), ...plan.slice(burst).filter(entry => entry.kind.name === 'watch').slice(0, callers.length * 2)];
			const results = await openAll(daemon, first, '');
			const job = await startJob(daemon, owner, setup.options.jobFolder ?? path.join(sharedData, 'powershell-docs'));
			results.push(...await openAll(daemon, plan.filter(entry => !first.includes(entry)), job));
			const openingS = (performance.now() - started) / 1000;
			held.push(...results.map(result => result.stream));

			const health: number[] = [];
			for (let sample = 0; sample < (setup.options.healthSamples ?? 100); sample++) {
				const answer = await daemon.request({method: 'GET', path: '/api/v1/health', timeoutMs: 10_000});
				tally.check(finding, '/health answers while streams are open', answer.status === 200, `${name}: ${answer.status} ${answer.error ?? ''}`);
				health.push(answer.ms);
			}

			const stillOpen = held.filter(stream => stream.status === 200 && !stream.ended()).length;
			report(tally, name, {results, openingS, health, stillOpen, limit: setup.env.MD_VECTOR_STREAMS === undefined ? {perClient: 8, total: 64} : undefined});
			await daemon.api('POST', `/jobs/${job}/cancel`, {}, owner);
			const watchers = sources.roots.map(source => sourceFollowed(daemon, source));
			tally.check(finding, 'one watcher and one catch-up sync per source, however many streams follow it', watchers.every(count => count === 1), `${name}: ${watchers.join(', ')}`);
			tally.note(`streams (${name}): watchers and catch-up syncs started for the ${sources.roots.length} sources followed: ${watchers.join(', ')} (must be 1 each)`);

			for (const stream of held.splice(0)) {
				stream.close();
			}

			const released = await until(() => (sources.roots.every(source => sourceReleased(daemon, source)) ? true : undefined), 60_000);
			tally.check(finding, 'closing the streams closes their watchers', released === true, `${name}: ${daemon.log().slice(-500)}`);
			const again = await until(async () => {
				const stream = await holdStream(daemon.url, kinds.watchW.route(), callers[1]!.headers, kinds.watchW.ready);
				stream.close();
				return stream.status === 200 ? stream : undefined;
			}, 30_000);
			tally.check(finding, 'closed streams give their slots back', again !== undefined, name);
			const after = await until(() => {
				const now = residentMb(daemon.pid)?.now;
				return now !== undefined && now < peak.mb ? now : undefined;
			}, 10_000) ?? residentMb(daemon.pid)?.now;
			const grown = peak.mb - (before?.now ?? 0);
			tally.check(budgetFinding, `resident memory grows by at most ${memoryBudgetMb} MB with the streams open`, before === undefined || grown <= memoryBudgetMb, `${name}: +${grown.toFixed(0)} MB`);
			tally.note(`streams (${name}): resident memory before ${fmt(before?.now)} MB, peak ${fmt(peak.mb)} MB (+${grown.toFixed(0)}; the job whose events are followed included), after closing ${fmt(after)} MB`);
		} finally {
			clearInterval(sampler);
		}
	} finally {
		for (const stream of held) {
			stream.close();
		}

		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}

const fmt = (mb: number | undefined) => (mb === undefined ? '-' : mb.toFixed(0));

type Opened = {readonly caller: string; readonly kind: string; readonly stream: HeldStream};

/** Opens every planned stream at once (clients do not wait for each other). */
async function openAll(daemon: DaemonProcess, plan: ReadonlyArray<{caller: Caller; kind: Kind}>, job: string): Promise<Opened[]> {
	return Promise.all(plan.map(async ({caller, kind}) => ({caller: caller.name, kind: kind.name, stream: await holdStream(daemon.url, kind.route(job), caller.headers, kind.ready)})));
}

async function startJob(daemon: DaemonProcess, owner: Record<string, string>, folder: string): Promise<string> {
	const started = await daemon.api('POST', '/jobs/ingest-directory', {directory: folder, collection: 'big'}, owner);
	if (started.status !== 202) {
		throw new Error(`the job did not start: ${started.status} ${JSON.stringify(started.body)}`);
	}

	return String(started.body.job.id);
}

type Figures = {
	readonly results: readonly Opened[];
	readonly openingS: number;
	readonly health: readonly number[];
	readonly stillOpen: number;
	/** The default limits, checked; undefined when raised (then every stream must open). */
	readonly limit?: {perClient: number; total: number};
};

function report(tally: Tally, name: string, figures: Figures): void {
	const {results, limit} = figures;
	const opened = results.filter(result => result.stream.status === 200);
	const refused = results.filter(result => result.stream.status === 429);
	const other = results.filter(result => result.stream.status !== 200 && result.stream.status !== 429);
	for (const result of results) {
		tally.answered(result.stream.status);
	}

	tally.check(finding, 'a stream is opened or refused with 429, nothing else', other.length === 0, `${name}: ${other.slice(0, 3).map(result => `${result.kind} as ${result.caller}: ${result.stream.status} ${result.stream.text.slice(0, 200)}`).join(' | ')}`);
	tally.check(finding, 'a refused stream says when to try again (Retry-After)', refused.every(result => result.stream.retryAfter !== undefined && result.stream.text.includes('too_many_streams')), name);
	const perCaller = new Map<string, number>();
	for (const result of opened) {
		perCaller.set(result.caller, (perCaller.get(result.caller) ?? 0) + 1);
	}

	const most = Math.max(0, ...perCaller.values());
	const perClient = refused.filter(result => result.stream.text.includes('per client')).length;
	if (limit) {
		tally.check(finding, 'at most 8 streams per client and 64 in all', most <= limit.perClient && opened.length <= limit.total, `${name}: ${opened.length} open, ${most} for one caller`);
		tally.check(finding, 'both limits are reached: 64 streams open, and a greedy client refused by its own limit', opened.length === limit.total && most === limit.perClient && perClient > 0, `${name}: ${opened.length} open, at most ${most} for one client, ${perClient} refused per client`);
	} else {
		tally.check(finding, 'with the limits raised every stream opens', opened.length === results.length, `${name}: ${opened.length} of ${results.length}`);
	}

	const p50 = percentile(figures.health, 50);
	const p99 = percentile(figures.health, 99);
	tally.check(budgetFinding, `/health answers within ${healthBudgetMs} ms while the streams are open`, p99 < healthBudgetMs, `${name}: p99 ${p99.toFixed(0)} ms`);
	const byKind = ['watch', 'job', 'sse'].map(kind => `${opened.filter(result => result.kind === kind).length} ${kind}`).join(', ');
	tally.note(`streams (${name}): ${results.length} asked for by ${perCaller.size > 0 ? new Set(results.map(result => result.caller)).size : 0} clients in ${figures.openingS.toFixed(1)} s; opened ${opened.length} (${byKind}; at most ${most} for one client), refused with 429: ${refused.length} (${perClient} by the per-client limit, ${refused.length - perClient} by the total), ${figures.stillOpen} still open when measured; /health while open: ${figures.health.length} requests, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
}
