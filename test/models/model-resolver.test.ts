// How `md-vector model use` names a model (daemon/models/model-resolver.ts): a name md-vector knows resolves as the
// daemon's default model does (any case, or its hub id; its installed folder, else the hub), a folder by its base
// name (remembered in models.json so a restart finds it), an unknown word is refused with the nearest name. Nothing
// is loaded here: what is checked is where each reference would load from.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {recordName} from '../../common/models/installed.js';
import {modelConfigFromEnv} from '../../daemon/engine/embedder/model-config.js';
import {ModelResolver} from '../../daemon/models/model-resolver.js';
import {temporaryDirectory, tiny48ModelDir, tinyModelDir} from '../helpers/paths.js';

function setUp() {
	const home = temporaryDirectory();
	const env = {MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: tinyModelDir};
	const file = path.join(home, 'data', 'models.json');
	return {home, env, file, resolver: new ModelResolver(modelConfigFromEnv(env), env, file)};
}

/** A folder md-vector model install would leave (its files' content does not matter: nothing is loaded). */
function install(home: string, name: string): string {
	const folder = path.join(home, 'cache', 'models', name);
	mkdirSync(path.join(folder, 'onnx'), {recursive: true});
	for (const file of ['config.json', 'tokenizer.json', 'onnx/model_quantized.onnx']) {
		writeFileSync(path.join(folder, file), '{}');
	}

	writeFileSync(path.join(folder, recordName), JSON.stringify({name, source: 'test', installed_at: new Date().toISOString(), files: []}));
	return folder;
}

test('a name md-vector knows, in any case or as its hub id, is found as the default model is: its installed folder, else the hub', t => {
	const {home, resolver} = setUp();
	for (const given of ['e5-small-v2', 'E5-Small-V2', 'Xenova/e5-small-v2', ' e5-small-v2 ']) {
		t.deepEqual(resolver.resolve(given), {reference: 'e5-small-v2', source: {name: 'e5-small-v2'}}, given);
	}

	const asDefault = (name: string) => modelConfigFromEnv({MD_VECTOR_HOME: home, MD_VECTOR_MODEL: name});
	t.like(resolver.configOf('e5-small-v2'), {id: 'Xenova/e5-small-v2', directory: undefined, queryPrefix: 'query: '});
	t.is(resolver.configOf('e5-small-v2').id, asDefault('e5-small-v2').id);
	const folder = install(home, 'e5-small-v2');
	t.like(resolver.configOf('e5-small-v2'), {id: 'e5-small-v2', directory: folder});
	t.like(asDefault('e5-small-v2'), {id: 'e5-small-v2', directory: folder}, 'the default model, by the same name, loads from the same folder');
	t.is(resolver.settingOf('e5-small-v2'), 'e5-small-v2', 'recorded as the model setting by its name, not the folder');
});

test('an unknown word is refused with the rule and the nearest name; a provider prefix names no local model', t => {
	const {resolver} = setUp();
	t.throws(() => resolver.resolve('bge-smal-en-v1.5'), {name: 'UnknownModel', message: /^must be a model md-vector knows \(bge-small-en-v1\.5, e5-small-v2, all-MiniLM-L6-v2: md-vector model list\).*got 'bge-smal-en-v1\.5' \(did you mean bge-small-en-v1\.5\?\)$/});
	t.throws(() => resolver.resolve('openai:text-embedding-3-small'), {name: 'UnknownModel', message: /^'openai:text-embedding-3-small' names no model md-vector can load here: must be a model md-vector knows/});
	t.throws(() => resolver.resolve('./models/x'), {message: /is a relative path: give the model folder as an absolute path/});
	t.deepEqual(resolver.resolve('tiny'), {reference: 'tiny', source: {directory: tinyModelDir}}, 'the daemon\'s own model by its name');
});

test('a folder is found by its name after it loaded, at the next start too; the same name given as a known name is found by name again', t => {
	const {env, file, resolver} = setUp();
	t.deepEqual(resolver.resolve(tiny48ModelDir), {reference: 'tiny-48', source: {directory: tiny48ModelDir}});
	resolver.remember('tiny-48');
	const next = new ModelResolver(modelConfigFromEnv(env), env, file);
	t.deepEqual(next.resolve('tiny-48'), {reference: 'tiny-48', source: {directory: tiny48ModelDir}});
	t.is(next.configOf('tiny-48').directory, tiny48ModelDir);
	t.throws(() => new ModelResolver(modelConfigFromEnv(env), env, path.join(path.dirname(file), 'other.json')).resolve('tiny-48'), {name: 'UnknownModel'}, 'not remembered: unknown');

	// A folder named after a known model is remembered as that folder, until the name is given again.
	const minilm = path.join(path.dirname(file), 'all-MiniLM-L6-v2');
	next.resolve(minilm);
	next.remember('all-MiniLM-L6-v2');
	t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {'tiny-48': {directory: tiny48ModelDir}, 'all-MiniLM-L6-v2': {directory: minilm}});
	t.throws(() => next.configOf('all-MiniLM-L6-v2'), {message: `${minilm} does not exist`});
	t.deepEqual(next.resolve('all-minilm-l6-v2'), {reference: 'all-MiniLM-L6-v2', source: {name: 'all-MiniLM-L6-v2'}});
	next.remember('all-MiniLM-L6-v2');
	t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {'tiny-48': {directory: tiny48ModelDir}});
	t.is(next.configOf('all-MiniLM-L6-v2').id, 'Xenova/all-MiniLM-L6-v2');
});
