// npm run bench: prints each measurement with the machine it ran on. More measurements join as they are built.
import path from 'node:path';
import {execa} from 'execa';
import {machine} from './machine.js';
import {benchCliOneShot} from './cli-oneshot.js';
import {temporaryDirectory, tinyModelDir} from '../test/helpers/paths.js';
import {writeNotes} from '../test/helpers/trees.js';

console.log(`machine: ${machine()}`);
const env = {...process.env, MD_VECTOR_HOME: temporaryDirectory('md-vector-bench-'), MD_VECTOR_MODEL_DIR: tinyModelDir, MD_VECTOR_PORT: '0', MD_VECTOR_ALLOWED_ROOTS: '/tmp'};
const cli = path.resolve('dist', 'source', 'cli.js');
try {
	await execa('node', [cli, 'ingest-dir', writeNotes(10, 100), '--json'], {env});
	const oneShot = await benchCliOneShot(env);
	console.log(`one-shot CLI: md-vector search --json, whole process, 20 runs: p50 ${oneShot.p50.toFixed(0)} ms, p95 ${oneShot.p95.toFixed(0)} ms (target p50 <= 300 ms: ${oneShot.p50 <= 300 ? 'met' : 'not met'}); node + import of pastel and ink alone: ${oneShot.importsMs.toFixed(0)} ms`);
} finally {
	await execa('node', [cli, 'stop'], {env, reject: false});
}
