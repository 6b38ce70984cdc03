// npm run bench:model [-- --model .models/all-MiniLM-L6-v2 --files 40 --rounds 2]: ingestion speed of a real
// model folder next to the random-weight stand-in of the same shape (tools/make-bert-onnx.py), in one run:
// each round ingests the same PowerShell docs sample into a fresh daemon with one model, then the other, so
// both see the same machine. The stand-in gets the real folder's truncation length, so both do the same compute.
import {cpSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {execa} from 'execa';
import {connect} from '../source/client/connect.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {waitForModel} from '../source/client/wait-for-model.js';
import {walkMarkdown} from '../daemon/engine/ingest/walk-markdown.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {checkLoad, machine, underLoadOption} from './machine.js';
import {timeIngest} from './ingest-throughput.js';
import {daemonPid} from './cold-start.js';

const {values: options} = parseArgs({options: {
	model: {type: 'string', default: path.resolve('.models', 'all-MiniLM-L6-v2')},
	shape: {type: 'string', default: 'minilm-l6'}, // a preset of tools/make-bert-onnx.py
	files: {type: 'string', default: '40'},
	rounds: {type: 'string', default: '2'},
	...underLoadOption,
}});
const load = checkLoad(options['under-load']);
const real = path.resolve(options.model);
const standIn = path.resolve('.bench-models', `${options.shape}-shape`);
if (!existsSync(path.join(standIn, 'config.json'))) {
	// The Python tools' virtualenv (tools/model-from-pypi.sh) has onnx and numpy; else Debian's python3-onnx.
	const venv = path.resolve(process.env.MD_VECTOR_TOOLS_VENV ?? path.join('.cache', 'venv'), 'bin', 'python');
	const python = existsSync(venv) ? venv : '/usr/bin/python3';
	console.log(`making the stand-in model in ${standIn} with ${python}`);
	await execa(python, ['tools/make-bert-onnx.py', standIn, options.shape], {stdio: 'inherit'});
}

const maxLength = (folder: string) => (JSON.parse(readFileSync(path.join(folder, 'tokenizer_config.json'), 'utf8')) as {model_max_length: number}).model_max_length;
const tokenizerConfig = path.join(standIn, 'tokenizer_config.json');
writeFileSync(tokenizerConfig, JSON.stringify({...JSON.parse(readFileSync(tokenizerConfig, 'utf8')), model_max_length: maxLength(real)}, undefined, 1));

const corpus = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
const all = await walkMarkdown(corpus);
const every = Math.max(1, Math.floor(all.length / Number(options.files)));
const tree = path.join(temporaryDirectory('md-vector-model-bench-'), 'docs');
for (const file of all.filter((_, index) => index % every === 0).slice(0, Number(options.files))) {
	mkdirSync(path.dirname(path.join(tree, file)), {recursive: true});
	cpSync(path.join(corpus, file), path.join(tree, file));
}

console.log(`machine: ${machine()}`);
console.log(`ingest-dir of ${options.files} powershell-docs files, q8 weights, both truncated at ${maxLength(real)} tokens; ${options.rounds} rounds, alternating`);
// Chunks per second of wall time, and per second of the daemon's CPU time (all its threads, from /proc): on a
// machine whose cores other programs share, wall time swings with their load; CPU time much less.
const rates = new Map<string, number[]>([[real, []], [standIn, []]]);
const cpuRates = new Map<string, number[]>([[real, []], [standIn, []]]);
const cpuSeconds = (pid: number) => {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
	return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
};

for (let round = 1; round <= Number(options.rounds); round++) {
	for (const folder of round % 2 === 1 ? [real, standIn] : [standIn, real]) {
		const home = temporaryDirectory('md-vector-model-bench-home-');
		const env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: folder, MD_VECTOR_PORT: '0', MD_VECTOR_ALLOWED_ROOTS: tree};
		const client = await connect({env});
		try {
			await waitForModel(client);
			const cpuBefore = cpuSeconds(daemonPid(env));
			const run = await timeIngest(client, tree, 'docs');
			const cpu = cpuSeconds(daemonPid(env)) - cpuBefore;
			rates.get(folder)!.push(run.chunks / run.seconds);
			cpuRates.get(folder)!.push(run.chunks / cpu);
			console.log(`round ${round}: ${path.basename(folder).padEnd(24)} ${run.chunks} chunks in ${run.seconds.toFixed(1)} s: ${(run.chunks / run.seconds).toFixed(1)} chunks/s; daemon CPU ${cpu.toFixed(1)} s: ${(run.chunks / cpu).toFixed(1)} chunks per CPU second`);
		} finally {
			await stopDaemon(daemonPid(env));
		}
	}
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
for (const [label, table] of [['chunks/s (wall)', rates], ['chunks per CPU second', cpuRates]] as const) {
	const ratio = mean(table.get(real)!) / mean(table.get(standIn)!);
	console.log(`real / stand-in, mean ${label}: ${mean(table.get(real)!).toFixed(1)} / ${mean(table.get(standIn)!).toFixed(1)} = ${ratio.toFixed(2)} (target within 10%: ${Math.abs(ratio - 1) <= 0.1 ? 'met' : 'NOT met'})`);
}

console.log(load.finish());
