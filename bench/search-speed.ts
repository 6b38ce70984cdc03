// npm run bench:search [-- --copies 3 --queries 100 --rounds 2 --sample 1 --backends embedded,postgres --while-building --search-every 0 --under-load]
// Search speed of issue 37, both backends side by side in one run (a daemon of each, this build, the bge-small-shape
// stand-in model: compute of the default model, random weights, so no quality is reported): the Kubernetes KEPs
// (31,856 real chunks with synthetic clustered vectors, bench/real-chunks.ts), then the tree imported --copies times
// in all (~96k chunks at 3: every posting list that many times longer, as in versioned docs). At each size, once
// the vector index settled (each backend's own threshold: exact below 50k, HNSW above): keyword, semantic and hybrid
// with word queries, then the three with a "quoted phrase" (answered from the words index); the daemons in turn,
// query by query; with --while-building, word queries while each further copy is imported, those made while an index
// build ran counted apart (search-while-building.ts; the import rates then have searches beside them). Prints p50 /
// p99 per backend and their ratio, hybrid beside its slower half, whether its halves ran
// side by side (the daemon's total beside the sum of its parts), the import rates, and the issue's targets.
// A native PostgreSQL 18 + pgvector is started here (PostgreSQL's default settings), or MD_VECTOR_TEST_DATABASE_URL
// names a server of your own. Refuses to run at a load average above 1.5 unless --under-load (figures then marked).
import {cpSync, existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {parseArgs} from 'node:util';
import {chunkMarkdown} from '../daemon/engine/chunker/chunk-markdown.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {testDatabase} from '../test/helpers/postgres/test-database.js';
import {startNativeServer} from '../test/helpers/postgres/native-server.js';
import {walkMarkdown} from './walk-markdown.js';
import {checkLoad, machine, underLoadOption} from './machine.js';
import {exportParts, importParts} from './real-chunks.js';
import {sampleQueries} from './search-latency.js';
import {p50, p99, samplePhrases, searchSideBySide, type CaseTimes, type SearchCase} from './search-side-by-side.js';
import {benchModelDir, startBenchDaemon, untilIndexSettled, type BenchDaemon} from './postgres/bench-daemon.js';
import {serverDescription} from './postgres/server-description.js';
import {searchWhileBuilding, type SlowSearch, type WhileBuilding} from './search-while-building.js';

const {values: options} = parseArgs({options: {
	copies: {type: 'string', default: '3'}, queries: {type: 'string', default: '100'}, rounds: {type: 'string', default: '2'},
	sample: {type: 'string', default: '1'}, // every n-th KEP file (1: the whole tree; more for a quick check of the bench itself)
	backends: {type: 'string', default: 'embedded,postgres'}, 'while-building': {type: 'boolean', default: false}, 'search-every': {type: 'string', default: '0'}, ...underLoadOption,
}});
const load = checkLoad(options['under-load']);
if (!existsSync(path.join(benchModelDir, 'onnx', 'model_quantized.onnx'))) {
	throw new Error(`no model at ${benchModelDir}: make it with python3 tools/make-bert-onnx.py .bench-models/bge-small-shape bge-small`);
}

const corpus = path.resolve('..', 'shared', 'data', 'kubernetes-keps', 'corpus');
const sample = Number(options.sample);
const files = (await walkMarkdown(corpus)).filter((_, index) => index % sample === 0);
const tree = sample > 1 ? temporaryDirectory('md-vector-search-speed-tree-') : corpus;
if (sample > 1) {
	for (const file of files) {
		mkdirSync(path.dirname(path.join(tree, file)), {recursive: true});
		cpSync(path.join(corpus, file), path.join(tree, file));
	}
}

// Queries from the chunks' texts as stored (the chunker drops HTML comments, of which KEPs hold many): every phrase is there to find.
const texts = files.slice(0, 300).flatMap(file => chunkMarkdown(readFileSync(path.join(corpus, file), 'utf8'), file).chunks.map(chunk => chunk.content));
const words = sampleQueries(texts, Number(options.queries));
const phrases = samplePhrases(texts, Number(options.queries));
const cases: SearchCase[] = [
	{label: 'keyword', mode: 'keyword', queries: words}, {label: 'semantic', mode: 'semantic', queries: words}, {label: 'hybrid', mode: 'hybrid', queries: words},
	{label: 'phrase keyword', mode: 'keyword', queries: phrases}, {label: 'phrase semantic', mode: 'semantic', queries: phrases}, {label: 'phrase hybrid', mode: 'hybrid', queries: phrases},
];
const backends = options.backends.split(',');
if (backends.length === 0 || backends.some(name => name !== 'embedded' && name !== 'postgres') || new Set(backends).size !== backends.length) {
	throw new Error(`--backends ${options.backends}: embedded, postgres or both, comma-separated (embedded,postgres: the ratios are PostgreSQL's over the embedded store's)`);
}

const copies = Number(options.copies);

const server = backends.includes('postgres') && !process.env.MD_VECTOR_TEST_DATABASE_URL ? await startNativeServer() : undefined;
if (server) {
	process.env.MD_VECTOR_TEST_DATABASE_URL = server.url;
}

const database = backends.includes('postgres') ? await testDatabase() : undefined;
const daemons: BenchDaemon[] = [];
const table: string[] = [];
try {
	console.log('md-vector bench: search speed (issue 37), both backends side by side, one build, one run');
	console.log(`machine: ${machine()}`);
	for (const name of backends) {
		daemons.push(await startBenchDaemon(name, name === 'postgres' ? {MD_VECTOR_DATABASE_URL: database!.url} : {}));
	}

	if (database) {
		console.log(`PostgreSQL: ${await serverDescription(database.url)}`);
	}

	console.log(`model: bge-small-shape (random weights: speed only); ${words.length} word queries and ${phrases.length} phrases x ${options.rounds} rounds per case, the daemons in turn`);
	const health = await daemons[0]!.client.health();
	const model = {id: health.checks.embedder.model, dims: health.checks.embedder.dimension};
	let chunks = 0;
	for (let copy = 1; copy <= copies; copy++) {
		const rates: number[] = [];
		let imported = 0;
		const building: WhileBuilding[] = [];
		for (const daemon of daemons) {
			// The parts are made before the clock starts: their chunking would hold this process, which times searches.
			const parts = await exportParts(tree, 'keps', model, {prefix: copy === 1 ? '' : `copy-${copy}/`, seed: copy});
			const started = performance.now();
			const work = importParts(daemon.env, 'keps', parts);
			if (options['while-building'] && copy > 1) {
				const {result, figures} = await searchWhileBuilding(daemon, 'keps', words, work, {everyMs: Number(options['search-every'])});
				({chunks: imported} = result);
				building.push(figures);
			} else {
				({chunks: imported} = await work);
			}

			rates.push(imported / ((performance.now() - started) / 1000));
		}

		chunks += imported;
		console.log(`\nimported copy ${copy} of the KEPs (${imported.toLocaleString('en-US')} chunks, now ${chunks.toLocaleString('en-US')}): ${rates.map((rate, at) => `${daemons[at]!.name} ${rate.toFixed(0)} chunks/s`).join(', ')}${rates.length === 2 ? `, ratio ${(rates[1]! / rates[0]!).toFixed(2)}` : ''} (through md-vector import, the export parts made before${building.length > 0 ? '; searches ran meanwhile' : ''})`);
		printWhileBuilding(building, copy);

		if (copy === 1 || copy === copies) {
			table.push(...await measure(chunks));
		}
	}
} finally {
	await Promise.all(daemons.map(async daemon => daemon.stop()));
	await database?.stop();
	await server?.stop();
	if (sample > 1) {
		rmSync(tree, {recursive: true, force: true});
	}
}

console.log(`\n| chunks, case: p50 / p99 | ${daemons.map(daemon => daemon.name).join(' | ')} |${daemons.length === 2 ? ' ratio |' : ''}\n|---|${daemons.map(() => '---|').join('')}${daemons.length === 2 ? '---|' : ''}\n${table.join('\n')}`);
console.log(load.finish());

async function measure(size: number): Promise<string[]> {
	const label = `${Math.round(size / 1000)}k`;
	const kinds: string[] = [];
	const waited: number[] = [];
	for (const {client} of daemons) {
		const since = performance.now();
		kinds.push(await untilIndexSettled(client, 'keps'));
		waited.push((performance.now() - since) / 1000);
	}

	// How long after the import the index settled: the build of another kind, when the import asked for one.
	console.log(`${size.toLocaleString('en-US')} chunks, vector index ${kinds.map((kind, at) => `${daemons[at]!.name} ${kind} (settled ${waited[at]!.toFixed(0)} s after the import)`).join(', ')}:`);
	const figures = await searchSideBySide(daemons.map(daemon => daemon.client), 'keps', cases, Number(options.rounds));
	const rows: string[] = [];
	for (const [name, perDaemon] of figures) {
		const cells = perDaemon.map(({times}) => `${p50(times).toFixed(1)} / ${p99(times).toFixed(1)} ms`);
		const ratio = perDaemon.length === 2 ? ` ${(p50(perDaemon[1]!.times) / p50(perDaemon[0]!.times)).toFixed(2)} / ${(p99(perDaemon[1]!.times) / p99(perDaemon[0]!.times)).toFixed(2)} |` : '';
		rows.push(`| ${label} ${name} | ${cells.join(' | ')} |${ratio}`);
		const empty = perDaemon.map(({empty}) => empty);
		if (empty.some(count => count > 0)) {
			console.log(`  ${name}: searches that found nothing: ${empty.map((count, at) => `${daemons[at]!.name} ${count}`).join(', ')}`);
		}
	}

	for (const [at, daemon] of daemons.entries()) {
		const of = (name: string): CaseTimes => figures.get(name)![at]!;
		for (const prefix of ['', 'phrase ']) {
			const hybrid = p50(of(`${prefix}hybrid`).times);
			const slower = Math.max(p50(of(`${prefix}keyword`).times), p50(of(`${prefix}semantic`).times));
			const sideBySide = of(`${prefix}hybrid`);
			console.log(`  ${daemon.name} ${prefix}hybrid p50 ${hybrid.toFixed(1)} ms, slower half ${slower.toFixed(1)} ms: +${(hybrid - slower).toFixed(1)} ms (target <= +5: ${verdict(hybrid <= slower + 5)}); in the daemon: total p50 ${p50(sideBySide.total).toFixed(1)} ms, embed + vector + keyword p50 ${p50(sideBySide.parts).toFixed(1)} ms (${overlap(sideBySide)})`);
		}

		const targets = size < 50_000
			? [['phrase p50 <= 50 ms in every mode', ['phrase keyword', 'phrase semantic', 'phrase hybrid'].every(name => p50(of(name).times) <= 50)] as const]
			: [['hybrid p50 <= 15 ms and p99 <= 50 ms', p50(of('hybrid').times) <= 15 && p99(of('hybrid').times) <= 50] as const, ['keyword and semantic p99 <= 100 ms', p99(of('keyword').times) <= 100 && p99(of('semantic').times) <= 100] as const];
		console.log(`  ${daemon.name} targets at ${label}: ${targets.map(([target, met]) => `${target}: ${verdict(met)}`).join('; ')}`);
	}

	if (backends.join(',') === 'embedded,postgres') {
		const ratio = (p: (values: readonly number[]) => number) => p(figures.get('keyword')![1]!.times) / p(figures.get('keyword')![0]!.times);
		console.log(`  PostgreSQL keyword / embedded: p50 ${ratio(p50).toFixed(2)}, p99 ${ratio(p99).toFixed(2)} (target <= 1.5: ${verdict(ratio(p50) <= 1.5 && ratio(p99) <= 1.5)})`);
	}

	return rows;
}

/** Searches while an index build ran during a copy's import (--while-building: search-while-building.ts), against the 100k target. */
function printWhileBuilding(figures: readonly WhileBuilding[], copy: number): void {
	for (const {daemon, seconds, times, slowest, importS} of figures) {
		if (seconds === 0) {
			console.log(`  ${daemon}: no index build seen while copy ${copy} was imported`);
			continue;
		}

		const cells = [...times].map(([mode, values]) => `${mode} ${p50(values).toFixed(1)} / ${p99(values).toFixed(1)} ms (${values.length})`);
		const met = ['keyword', 'semantic'].every(mode => p99(times.get(mode as SearchCase['mode'])!) <= 100);
		console.log(`  ${daemon} while its index was built, copy ${copy} (${seconds.toFixed(0)} s of searches), p50 / p99: ${cells.join(', ')}; keyword and semantic p99 <= 100 ms: ${verdict(met)}`);
		const timings = (search: SlowSearch) => Object.entries(search.timings).map(([part, ms]) => `${part} ${Math.round(ms)}`).join(', ');
		console.log(`    slowest (the import took ${importS?.toFixed(1) ?? '?'} s): ${slowest.map(search => `${search.mode} ${search.tookMs.toFixed(0)} ms at ${search.atS.toFixed(1)} s${search.importing ? ' (importing)' : ''} [daemon: ${timings(search)}]`).join('; ')}`);
	}
}

/**
 * Whether a hybrid search's halves ran side by side: its total below the sum of its parts. The total holds fusion
 * and reading the hits too, so a total above the sum does not prove the halves ran one after the other.
 */
function overlap({total, parts}: CaseTimes): string {
	const saved = p50(parts.map((sum, at) => sum - total[at]!));
	return saved > 0 ? `the halves overlapped by at least ${saved.toFixed(1)} ms at p50` : `no overlap visible: the total is ${(-saved).toFixed(1)} ms above the sum at p50, fusion and reading the hits included`;
}

function verdict(met: boolean): string {
	return met ? 'met' : 'NOT met';
}
