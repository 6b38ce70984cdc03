// node dist/bench/watcher-candidates.js: how the file-watching candidates behave on this machine, each in its
// own process: Node's own recursive fs.watch, chokidar (a dependency) and @parcel/watcher (not one: run
// `npm install --no-save @parcel/watcher@2.6.0` first, or it is reported as not installed).
// First what each one sees when folders are made, moved in, renamed and removed after the start (what a
// `git checkout` does), then idle CPU, save-to-event latency and a 1,000-file burst on a copy of powershell-docs.
import {appendFileSync, cpSync, mkdirSync, readdirSync, renameSync, rmSync, watch as fsWatch, writeFileSync} from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {setTimeout as sleep} from 'node:timers/promises';
import {execa} from 'execa';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {machine, percentile} from './machine.js';

type Subscribe = (root: string, note: (relative: string) => void) => Promise<() => Promise<void>>;

const candidates: Record<string, Subscribe> = {
	async 'fs.watch'(root, note) {
		const watcher = fsWatch(root, {recursive: true}, (_event, file) => {
			if (file) {
				note(String(file));
			}
		});
		return async () => {
			watcher.close();
		};
	},
	async chokidar(root, note) {
		const {watch} = await import('chokidar');
		const watcher = watch(root, {ignoreInitial: true});
		watcher.on('all', (_event, file) => {
			note(path.relative(root, file));
		});
		await new Promise<void>(resolve => {
			watcher.once('ready', () => {
				resolve();
			});
		});
		return async () => watcher.close();
	},
	async '@parcel/watcher'(root, note) {
		const name = '@parcel/watcher'; // not a dependency: loaded by name when installed
		const parcel = await import(name) as {subscribe: (root: string, callback: (error: unknown, events: Array<{path: string}>) => void) => Promise<{unsubscribe: () => Promise<void>}>};
		const subscription = await parcel.subscribe(root, (error, events) => {
			for (const event of error ? [] : events) {
				note(path.relative(root, event.path));
			}
		});
		return async () => subscription.unsubscribe().catch(() => undefined);
	},
};

/** Runs in the child: one candidate, one tree. */
async function child(name: string, corpus: string, idleSeconds: number) {
	const seen = new Map<string, number>();
	const subscribe = candidates[name]!;
	const cases = temporaryDirectory('watch-cases-');
	const outside = temporaryDirectory('watch-outside-');
	mkdirSync(path.join(cases, 'a'));
	writeFileSync(path.join(cases, 'a', 'one.md'), '1');
	mkdirSync(path.join(outside, 'pkg'));
	writeFileSync(path.join(outside, 'pkg', 'in.md'), 'x');
	let close = await subscribe(cases, file => seen.set(file, performance.now()));
	const seesAfter = async (action: () => void, file: string) => {
		seen.clear();
		action();
		for (let waited = 0; waited < 3000 && !seen.has(file); waited += 50) {
			await sleep(50); // the candidate may never report it: this bounds the wait
		}

		return seen.has(file);
	};

	const edit = (...parts: string[]) => () => {
		appendFileSync(path.join(cases, ...parts), 'edit');
	};

	const cases_ = {
		'file in a folder made after the start': await seesAfter(() => {
			mkdirSync(path.join(cases, 'new'));
			writeFileSync(path.join(cases, 'new', 'x.md'), 'x');
		}, 'new/x.md'),
		'later edit in that folder': await seesAfter(edit('new', 'x.md'), 'new/x.md'),
		'folder renamed': await seesAfter(() => {
			renameSync(path.join(cases, 'a'), path.join(cases, 'a2'));
		}, 'a2'),
		'later edit in the renamed folder': await seesAfter(edit('a2', 'one.md'), 'a2/one.md'),
		'folder moved in from outside': await seesAfter(() => {
			renameSync(path.join(outside, 'pkg'), path.join(cases, 'pkg'));
		}, 'pkg'),
		'later edit in the moved-in folder': await seesAfter(edit('pkg', 'in.md'), 'pkg/in.md'),
		'file removed': await seesAfter(() => {
			rmSync(path.join(cases, 'pkg', 'in.md'));
		}, 'pkg/in.md'),
	};
	await close();

	const tree = path.join(temporaryDirectory('watch-tree-'), 'tree');
	cpSync(corpus, tree, {recursive: true});
	const files = readdirSync(tree, {recursive: true}).map(String).filter(file => file.endsWith('.md') && !file.startsWith('.'));
	const started = performance.now();
	close = await subscribe(tree, file => seen.set(file, performance.now()));
	const readyMs = performance.now() - started;
	await sleep(2000);
	const cpu = process.cpuUsage();
	const idleStart = performance.now();
	await sleep(idleSeconds * 1000);
	const used = process.cpuUsage(cpu);
	const idleCpuPercent = ((used.user + used.system) / 1000) / (performance.now() - idleStart) * 100;
	const latencies: number[] = [];
	for (let save = 0; save < 20; save++) {
		const file = files[(save * 97) % files.length]!;
		seen.delete(file);
		const at = performance.now();
		appendFileSync(path.join(tree, file), `\nsave ${save}\n`);
		while (!seen.has(file) && performance.now() - at < 5000) {
			await sleep(1); // polls for an event in this process; 1 ms is the resolution of the number
		}

		latencies.push(seen.has(file) ? seen.get(file)! - at : Number.POSITIVE_INFINITY);
	}

	seen.clear();
	const burst = files.slice(0, 1000);
	for (const file of burst) {
		appendFileSync(path.join(tree, file), '\nburst\n');
	}

	for (let count = -1; count !== burst.filter(file => seen.has(file)).length;) {
		count = burst.filter(file => seen.has(file)).length;
		await sleep(1000); // until a second passes without news
	}

	await close();
	console.log(JSON.stringify({
		name, cases: cases_, readyMs, idleCpuPercent, rssMb: process.memoryUsage().rss / (2 ** 20),
		p50: percentile(latencies, 50), p95: percentile(latencies, 95), burstSeen: burst.filter(file => seen.has(file)).length,
	}));
}

const [mode, name, corpus, idle] = process.argv.slice(2);
if (mode === '--child') {
	await child(name!, corpus!, Number(idle));
} else {
	const corpusDir = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
	console.log(`machine: ${machine()}`);
	for (const candidate of Object.keys(candidates)) {
		const run = await execa('node', [process.argv[1]!, '--child', candidate, corpusDir, mode ?? '20'], {reject: false});
		if (run.exitCode !== 0) {
			console.log(`\n${candidate}: could not run (${run.stderr.split('\n').find(line => line.includes('Error')) ?? run.stderr.slice(0, 200)})`);
			continue;
		}

		const result = JSON.parse(run.stdout) as {cases: Record<string, boolean>; readyMs: number; idleCpuPercent: number; rssMb: number; p50: number; p95: number; burstSeen: number};
		console.log(`\n${candidate}: ready ${result.readyMs.toFixed(0)} ms, idle ${result.idleCpuPercent.toFixed(3)}% of a core, RSS ${result.rssMb.toFixed(0)} MB, save to event p50 ${result.p50.toFixed(1)} ms p95 ${result.p95.toFixed(1)} ms, burst of 1,000: ${result.burstSeen} seen`);
		for (const [what, seen] of Object.entries(result.cases)) {
			console.log(`   ${seen ? 'sees   ' : 'MISSES '} ${what}`);
		}
	}
}
