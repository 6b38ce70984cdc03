// Every sample output the pages show (README.md, docs/*.md) is what the command prints today: the samples are run
// for real (a daemon with the real all-MiniLM-L6-v2 over seven KEPs, as `npm run docs:samples` runs them) and
// compared with the pages. Without the real model it is skipped, saying so and why (the scores are that model's).
import path from 'node:path';
import test from 'ava';
import {differences} from '../../tools/docs-samples/check.js';
import {pages, readBlocks} from '../../tools/docs-samples/markers.js';
import {samples} from '../../tools/docs-samples/samples.js';
import {runSamples} from '../../tools/docs-samples/session.js';
import {repoRoot, sharedData} from '../helpers/paths.js';
import {findRealModel} from '../helpers/real-model.js';

const found = findRealModel();
if ('missing' in found) {
	// Skipped on purpose where there is no model: said on stderr, and in the test's one line.
	console.warn(`SKIPPED docs samples test: ${found.missing}`);
	// eslint-disable-next-line ava/no-skip-test, ava/require-assertion
	test.skip(`docs samples: SKIPPED, ${found.missing}`, () => undefined);
} else {
	const model = found.directory;
	test(`every sample output of README.md and docs/ is what its command prints (real model from ${found.from}; npm run docs:samples rewrites them)`, async t => {
		const outputs = await runSamples({checkout: repoRoot, keps: path.join(sharedData, 'kubernetes-keps', 'corpus', 'keps', 'sig-cli'), model}, samples);
		const blocks = readBlocks(pages(repoRoot));
		t.true(blocks.length >= samples.length, 'every sample is shown somewhere');
		t.deepEqual(differences(blocks, outputs, repoRoot), []);
	});
}
