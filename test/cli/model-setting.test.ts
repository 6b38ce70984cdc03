// One model, said once (issue 26 item 4), through the real CLI and daemon: a command whose MD_VECTOR_MODEL_DIR
// (or model setting) is not what the running daemon uses says so and how to apply it (md-vector restart); the
// advice to set MD_VECTOR_MODEL_DIR only when it is not set; status says where the daemon's model came from.
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {startDaemon} from '../helpers/daemon.js';
import {makeTree} from '../helpers/file-tree.js';
import {tinyModelDir} from '../helpers/paths.js';

const withModel = (md: {environment: Record<string, string>}, directory: string) => ({env: {...md.environment, MD_VECTOR_MODEL_DIR: directory}});

test('a command with another model than the running daemon says so and how to apply it; restart applies it', async t => {
	// The daemon starts without a model folder and cannot reach the hub: keyword only.
	const md = cli({MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1'});
	t.teardown(md.stop);
	const notes = makeTree({'compost.md': '# Compost\n\nTurn the heap weekly.\n'});
	await md.json(['ingest', path.join(notes, 'compost.md'), '-C', 'n']);

	const unset = await md.run(['status']);
	const advice = /model Xenova\/bge-small-en-v1\.5 \(unavailable: could not load model .*Install it: md-vector model install bge-small-en-v1\.5 .*Set MD_VECTOR_MODEL_DIR to a local model folder .*then md-vector restart\.\) from bge-small-en-v1\.5 \(the default\)$/m;
	t.regex(String(unset.stdout), advice, 'without the variable set here: the advice to set it');
	t.is(String(unset.stderr), '');

	const semantic = await md.run(['search', 'heap', '-C', 'n', '--mode', 'semantic'], withModel(md, tinyModelDir));
	t.is(semantic.exitCode, 1);
	const stderr = String(semantic.stderr);
	t.regex(stderr, new RegExp(String.raw`^note: the running daemon uses the model bge-small-en-v1\.5 \(the default\), not this command's ${tinyModelDir} \(MD_VECTOR_MODEL_DIR\): run md-vector restart to apply it`, 'm'));
	t.regex(stderr, /The running daemon started with bge-small-en-v1\.5 \(the default\), not this command's MD_VECTOR_MODEL_DIR: md-vector restart applies it\.$/m);
	t.false(stderr.includes('Set MD_VECTOR_MODEL_DIR'), 'no advice to set what is set');

	const {pid} = md.record()!;
	const restarted = await md.run(['restart'], withModel(md, tinyModelDir));
	t.is(restarted.exitCode, 0, String(restarted.stderr));
	t.regex(String(restarted.stdout), new RegExp(String.raw`^restarted \(pid ${pid} → ${md.record()!.pid}\) the daemon at http://127\.0\.0\.1:\d+/api/v1: model tiny \(ok\) from ${tinyModelDir} \(MD_VECTOR_MODEL_DIR\)$`));
	t.not(md.record()!.pid, pid);

	const found = await md.run(['search', 'heap', '-C', 'n', '--mode', 'semantic', '--json'], withModel(md, tinyModelDir));
	t.is(found.exitCode, 0, String(found.stderr));
	t.false(String(found.stderr).includes('note: the running daemon uses'), 'the same model: nothing to say');
	t.deepEqual((await md.json(['status'])).checks.embedder.origin, {setting: 'MD_VECTOR_MODEL_DIR', value: tinyModelDir});

	// The model setting counts like the variable: once it names the daemon's folder, nothing to say.
	const plain = await md.run(['status']);
	t.regex(String(plain.stderr), new RegExp(String.raw`note: the running daemon uses the model ${tinyModelDir} \(MD_VECTOR_MODEL_DIR\), not this command's bge-small-en-v1\.5 \(the default\)`));
	await md.json(['config', 'set', 'model', tinyModelDir]);
	t.is(String((await md.run(['status'])).stderr), '');
});

test('/health says where the model came from to the owner only; restart refuses a remote daemon', async t => {
	const daemon = await startDaemon({MD_VECTOR_API_KEY: 'owner-key-1234567890'});
	t.teardown(daemon.stop);
	const anonymous = await daemon.request('GET', '/api/v1/health');
	t.is(anonymous.body.checks.embedder.origin, undefined, 'a model folder\'s path is not for anyone who reaches the daemon');
	const owner = await daemon.request('GET', '/api/v1/health', undefined, {'x-api-key': 'owner-key-1234567890'});
	t.deepEqual(owner.body.checks.embedder.origin, {setting: 'MD_VECTOR_MODEL_DIR', value: tinyModelDir});

	const md = cli({MD_VECTOR_URL: daemon.url, MD_VECTOR_API_KEY: 'owner-key-1234567890'});
	const remote = await md.run(['restart']);
	t.is(remote.exitCode, 2);
	t.regex(String(remote.stderr), /MD_VECTOR_URL \(or --url\) names a daemon elsewhere: restart it where it runs/);
});
