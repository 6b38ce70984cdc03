// The catalogue holds together: every file a source fills is pinned, every model has its reference cosines, and
// the pins of the files md-vector writes are those of what it writes (written-files.ts); names resolve as people type them.
import {createHash} from 'node:crypto';
import test from 'ava';
import {catalogue} from '../../common/models/catalogue.js';
import {chooseModel, nearestModel} from '../../common/models/find-model.js';
import {referenceSentences} from '../../common/models/reference-sentences.js';
import {writtenFiles} from '../../common/models/written-files.js';

const pairs = (referenceSentences.length * (referenceSentences.length - 1)) / 2;

test('every model: its folder files pinned, each source filling only pinned files, reference cosines for every pair', t => {
	t.deepEqual(new Set(catalogue.map(model => model.name)).size, catalogue.length);
	for (const model of catalogue) {
		const pinned = model.files.map(file => file.path).sort();
		t.deepEqual(pinned, ['config.json', 'onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json'], model.name);
		t.is(model.check.cosines.length, pairs, model.name);
		for (const source of model.sources) {
			const filled = source.kind === 'hub' ? Object.keys(source.files) : (source.kind === 'maven' ? Object.keys(source.entries) : source.files.map(file => file.path));
			t.true(filled.every(file => pinned.includes(file)), `${model.name} ${source.kind}`);
			t.is(source.kind === 'pypi' ? source.check.cosines.length : pairs, pairs, `${model.name} ${source.kind}`);
		}

		for (const [file, text] of Object.entries(writtenFiles(model))) {
			const pin = model.files.find(candidate => candidate.path === file)!;
			t.deepEqual({bytes: pin.bytes, sha256: pin.sha256}, {bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex')}, `${model.name} ${file}`);
		}
	}
});

test('a model setting names a catalogue model (any case, or its hub id), a folder, a hub id, or nothing md-vector knows', t => {
	t.like(chooseModel('BGE-small-en-v1.5'), {kind: 'catalogue', model: {name: 'bge-small-en-v1.5'}});
	t.like(chooseModel('Xenova/all-MiniLM-L6-v2'), {kind: 'catalogue', model: {name: 'all-MiniLM-L6-v2'}});
	t.deepEqual(chooseModel('/srv/models/mine/'), {kind: 'folder', folder: '/srv/models/mine/'});
	t.deepEqual(chooseModel('someone/model'), {kind: 'hub', id: 'someone/model'});
	t.deepEqual(chooseModel('bge'), {kind: 'unknown'});
	t.is(nearestModel('bge'), 'bge-small-en-v1.5');
	t.is(nearestModel('e5-small'), 'e5-small-v2');
	t.is(nearestModel('minilm-l6'), undefined);
	t.is(nearestModel('all-minilm-l6-v3'), 'all-MiniLM-L6-v2');
});
