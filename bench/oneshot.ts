// npm run bench:cli [-- --sample N]: the one-shot CLI section of `npm run bench` alone, on a sample of the
// PowerShell docs (every N-th file, default 10) with the small test model: the model does not matter here.
import {cpSync, mkdirSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {execa} from 'execa';
import {walkMarkdown} from '../daemon/engine/ingest/walk-markdown.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {readDiscovery} from '../common/discovery.js';
import {temporaryDirectory, tinyModelDir} from '../test/helpers/paths.js';
import {benchCliOneShot, oneShotLines} from './cli-oneshot.js';
import {machine} from './machine.js';

const {values} = parseArgs({options: {sample: {type: 'string', default: '10'}, rounds: {type: 'string', default: '15'}}});
const home = temporaryDirectory('md-vector-bench-cli-');
const env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: tinyModelDir, MD_VECTOR_PORT: '0'};
const corpus = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
const tree = path.join(home, 'docs');
const files = (await walkMarkdown(corpus)).filter((_, index) => index % Number(values.sample) === 0);
for (const file of files) {
	mkdirSync(path.dirname(path.join(tree, file)), {recursive: true});
	cpSync(path.join(corpus, file), path.join(tree, file));
}

console.log(`machine: ${machine()}; load average ${os.loadavg().map(load => load.toFixed(1)).join(', ')} (other work shares these cores)`);
await execa('node', [path.resolve('dist', 'cli', 'md-vector.cjs'), 'ingest-dir', tree, '-C', 'docs', '--json'], {env});
console.log(`collection: ${files.length} files of the PowerShell docs`);
try {
	const rounds = Number(values.rounds);
	for (const line of oneShotLines(await benchCliOneShot(env, 'docs', rounds), rounds)) {
		console.log(line);
	}
} finally {
	await stopDaemon(readDiscovery(path.join(home, 'state'))!.pid);
}
