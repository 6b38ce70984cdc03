// npm run bench:cli [-- --rounds N --starts N --queries N --before DIR]: start-up, the section 4 of `npm run bench`
// alone. The whole Kubernetes KEPs tree (31k chunks, real chunks with synthetic vectors: bench/real-chunks.ts) in a
// daemon running the bge-small-shape stand-in (query embeddings cost what the default model's do); then every
// one-shot command beside bare `node -e 0`, and the real TUI in tmux: first frame, typed query to results.
// --before DIR: another built checkout's command timed in the same rounds (its daemon is this one: same version).
import {existsSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {execa} from 'execa';
import {connect} from '../source/client/connect.js';
import {stopDaemon} from '../source/client/stop-daemon.js';
import {waitForModel} from '../source/client/wait-for-model.js';
import {readDiscovery} from '../common/discovery.js';
import {temporaryDirectory} from '../test/helpers/paths.js';
import {benchCliOneShot, cliBin, oneShotLines, type Build} from './cli-oneshot.js';
import {checkLoad, machine, underLoadOption} from './machine.js';
import {importRealChunks} from './real-chunks.js';
import {sampleQueries} from './search-latency.js';
import {benchTui, tuiLines} from './tui-latency.js';

const {values} = parseArgs({options: {rounds: {type: 'string', default: '15'}, starts: {type: 'string', default: '10'}, queries: {type: 'string', default: '15'}, before: {type: 'string'}, ...underLoadOption}});
const load = checkLoad(values['under-load']);
const modelDir = path.resolve('.bench-models', 'bge-small-shape');
if (!existsSync(modelDir)) {
	console.log(`making the stand-in model in ${modelDir} (needs: apt-get install python3-onnx python3-numpy)`);
	await execa('/usr/bin/python3', ['tools/make-bert-onnx.py', modelDir, 'bge-small'], {stdio: 'inherit'});
}

const home = temporaryDirectory('md-vector-bench-cli-');
const env: NodeJS.ProcessEnv = {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: modelDir, MD_VECTOR_PORT: '0'};
const tree = path.resolve('..', 'shared', 'data', 'kubernetes-keps', 'corpus');
const builds: Build[] = [{label: values.before ? 'after' : '', cli: cliBin}];
if (values.before) {
	const bundled = path.resolve(values.before, 'dist', 'cli', 'md-vector.cjs');
	builds.unshift({label: 'before', cli: existsSync(bundled) ? bundled : path.resolve(values.before, 'dist', 'source', 'cli.js')});
}

console.log(`machine: ${machine()}; load average ${os.loadavg().map(load => load.toFixed(1)).join(', ')} (other work shares these cores)`);
const client = await connect({env});
try {
	await waitForModel(client);
	const health = await client.health();
	const imported = await importRealChunks(env, tree, 'keps', {id: health.checks.embedder.model, dims: health.checks.embedder.dimension});
	console.log(`collection keps: the Kubernetes KEPs, ${imported.files} files, ${imported.chunks.toLocaleString('en-US')} chunks (real chunks, synthetic vectors); model ${health.checks.embedder.model}`);
	// get needs a document's text, which an import does not carry: one real file ingested.
	const document = 'keps-readme.md';
	await client.ingest({content: readFileSync(path.join(tree, 'README.md'), 'utf8'), file_name: document, collection: 'keps'});
	const rounds = Number(values.rounds);
	for (const line of oneShotLines(await benchCliOneShot(env, {collection: 'keps', document, query: 'pod security'}, rounds, builds), rounds)) {
		console.log(line);
	}

	// Queries as a person types them: the first words of chunk texts.
	const texts = (await client.search({query: 'kubernetes', collection: 'keps', mode: 'keyword', top_k: 100})).results.map(result => result.content);
	for (const build of builds) {
		const figures = await benchTui({cli: build.cli, env, collection: 'keps', client, queries: sampleQueries(texts, 200), starts: Number(values.starts), perMode: Number(values.queries)});
		for (const line of tuiLines(figures, imported.chunks)) {
			console.log(build.label ? line.replace(/^the TUI/, `${build.label}: the TUI`) : line);
		}
	}
} finally {
	await stopDaemon(readDiscovery(path.join(home, 'state'))!.pid);
	rmSync(home, {recursive: true, force: true}); // 31k chunks: ~160 MB
}

console.log(load.finish());
