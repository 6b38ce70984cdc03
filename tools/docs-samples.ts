// `npm run docs:samples`: runs every command the pages show (README.md, docs/*.md) for real, with the real
// all-MiniLM-L6-v2 over seven of SIG CLI's KEPs, and writes what they print between the pages' sample markers.
// `--check` writes nothing and exits 1 when a page shows something the commands no longer print.
import path from 'node:path';
import {findRealModel} from '../test/helpers/real-model.js';
import {differences} from './docs-samples/check.js';
import {pages, readBlocks, writeBlocks} from './docs-samples/markers.js';
import {samples} from './docs-samples/samples.js';
import {runSamples} from './docs-samples/session.js';

const root = process.cwd();
const check = process.argv.includes('--check');
const found = findRealModel();
if ('missing' in found) {
	throw new Error(`docs:samples: the samples show the real model's scores, and there is ${found.missing}`);
}

const outputs = await runSamples({
	checkout: root,
	keps: path.join(root, '..', 'shared', 'data', 'kubernetes-keps', 'corpus', 'keps', 'sig-cli'),
	model: found.directory,
	log(line) {
		console.error(line);
	},
}, samples);
const files = pages(root);
if (check) {
	const problems = differences(readBlocks(files), outputs, root);
	for (const problem of problems) {
		console.error(problem);
	}

	console.error(problems.length === 0 ? `docs:samples: ${outputs.size} samples match the pages` : 'docs:samples: run npm run docs:samples to rewrite them');
	process.exitCode = problems.length === 0 ? 0 : 1;
} else {
	const changed = writeBlocks(files, outputs);
	const unshown = differences(readBlocks(files), outputs, root);
	for (const problem of unshown) {
		console.error(problem);
	}

	console.error(`docs:samples: ${outputs.size} samples run; rewrote ${changed.length === 0 ? 'nothing' : changed.map(file => path.relative(root, file)).join(', ')}`);
}
