// Model settings checked before they are used (issue 38 item 5), through the real CLI and daemon: a model folder
// that is not there, a precision md-vector does not load, a relative or mistyped `config set model`, and advice
// that names the setting actually in use.
import {mkdirSync, readFileSync, symlinkSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory, tinyModelDir} from '../helpers/paths.js';

test('restart with a model folder that is not there, or a precision md-vector does not load, is refused and the running daemon goes on', async t => {
	const md = cli();
	t.teardown(md.stop);
	await md.json(['collections']); // starts the daemon, with the tiny model
	const {pid} = md.record()!;
	const empty = temporaryDirectory();
	const refused: Array<[Record<string, string>, RegExp]> = [
		[{MD_VECTOR_MODEL_DIR: '/nonexistent'}, /^md-vector: not restarting \(the running daemon goes on\): MD_VECTOR_MODEL_DIR is \/nonexistent, which does not exist: set MD_VECTOR_MODEL_DIR to a model folder \(config\.json, tokenizer\.json, onnx\/model_quantized\.onnx\), or unset it to use the installed models by name \(md-vector model list\); then md-vector restart$/],
		[{MD_VECTOR_MODEL_DIR: empty}, new RegExp(String.raw`MD_VECTOR_MODEL_DIR is ${empty}, which is not a model folder: it has no config\.json, tokenizer\.json, onnx/model_quantized\.onnx: set MD_VECTOR_MODEL_DIR`)],
		[{MD_VECTOR_MODEL_DTYPE: 'fp16'}, /^md-vector: not restarting \(the running daemon goes on\): MD_VECTOR_MODEL_DTYPE must be q8 \(onnx\/model_quantized\.onnx, the default\) or fp32 \(onnx\/model\.onnx\), got 'fp16'$/],
		[{MD_VECTOR_MODEL_DIR: '', MD_VECTOR_MODEL: 'bge-small'}, /MD_VECTOR_MODEL must be a model md-vector knows .*, got 'bge-small' \(did you mean bge-small-en-v1\.5\?\)$/],
	];
	for (const [env, message] of refused) {
		const result = await md.run(['restart'], {env: {...md.environment, ...env}});
		t.is(result.exitCode, 2, JSON.stringify(env));
		t.regex(String(result.stderr), message);
		t.false(String(result.stderr).includes('local_files_only'), 'no transformers.js internals');
		t.is(md.record()?.pid, pid, 'the running daemon was not stopped');
	}

	t.is((await md.json(['status'])).checks.embedder.status, 'ok');

	// A command that has to start the daemon gets the daemon's own refusal, with the same words.
	await md.stop();
	const started = await md.run(['collections'], {env: {...md.environment, MD_VECTOR_MODEL_DIR: '/nonexistent'}});
	t.is(started.exitCode, 1);
	t.regex(String(started.stderr), /the daemon exited \(code 1\) while starting: MD_VECTOR_MODEL_DIR is \/nonexistent, which does not exist: set MD_VECTOR_MODEL_DIR to a model folder/);
});

test('config set model: a relative folder is stored absolute, a path that is not there and a mistyped name are refused, a name or a hub id is said to be one', async t => {
	const md = cli();
	const here = temporaryDirectory();
	mkdirSync(path.join(here, 'relative'));
	symlinkSync(tinyModelDir, path.join(here, 'relative', 'model'));
	const file = path.join(md.home, 'config', 'config.json');
	const set = async (value: string) => md.run(['config', 'set', 'model', value], {cwd: here});

	const folder = await set('relative/model');
	t.is(folder.exitCode, 0, String(folder.stderr));
	t.is(String(folder.stdout), `model = ${path.join(here, 'relative', 'model')} (in ${file})`);
	t.regex(String(folder.stderr), new RegExp(String.raw`^note: model relative/model is the folder ${path.join(here, 'relative', 'model')}: stored as that absolute path$`, 'm'));

	const missing = await set('relative/other');
	t.is(missing.exitCode, 2);
	t.regex(String(missing.stderr), new RegExp(String.raw`^md-vector: model relative/other: there is no folder ${path.join(here, 'relative', 'other')} \(${path.join(here, 'relative')} exists, so this looks like a path, not a hub id\): give a model folder's absolute path, a name md-vector knows \(md-vector model list\) or a hub id \(owner/name\)$`, 'm'));

	const typo = await set('bge-small-en-v15');
	t.is(typo.exitCode, 2);
	t.regex(String(typo.stderr), /^md-vector: model must be a model md-vector knows \(bge-small-en-v1\.5, e5-small-v2, all-MiniLM-L6-v2: md-vector model list\), an absolute path to a model folder, or a Hugging Face hub id \(owner\/name\), got 'bge-small-en-v15' \(did you mean bge-small-en-v1\.5\?\)$/m);

	const known = await set('E5-small-v2');
	t.is(known.exitCode, 0, String(known.stderr));
	t.is(String(known.stdout), `model = e5-small-v2 (in ${file})`);
	t.regex(String(known.stderr), /^note: e5-small-v2 is not installed here: md-vector model install e5-small-v2 \(until then the daemon fetches it from the hub\)$/m);

	const hub = await set('someone/some-model');
	t.is(hub.exitCode, 0, String(hub.stderr));
	t.regex(String(hub.stderr), /^note: model someone\/some-model is taken as a Hugging Face hub id: the daemon downloads it from the hub when it starts/m);
	t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {model: 'someone/some-model'});
});

test('a model named by the model setting that cannot be loaded: the advice names the model setting, not MD_VECTOR_MODEL_DIR', async t => {
	const md = cli({MD_VECTOR_MODEL_DIR: '', MD_VECTOR_OFFLINE: '1'});
	t.teardown(md.stop);
	t.is((await md.run(['config', 'set', 'model', 'someone/some-model'], {cwd: temporaryDirectory()})).exitCode, 0);
	const status = await md.run(['restart']);
	t.is(status.exitCode, 0, String(status.stderr));
	const line = String(status.stdout);
	t.regex(line, /model someone\/some-model \(unavailable: could not load model someone\/some-model from the cache \(downloads are off\): .*md-vector config set model NAME \(md-vector model list\) or \/a\/model\/folder, then md-vector restart\.\) from someone\/some-model \(the model setting\)$/m);
	t.false(line.includes('MD_VECTOR_MODEL_DIR'), line);
});
