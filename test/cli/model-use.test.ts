// `md-vector model use` with the built binary and a real daemon (the two generated models): a folder named
// relative to here, followed to its end with --wait; what it says for each collection and the default model;
// `status` and `stats` after; a model a collection already uses; one that cannot be loaded; and after a restart
// (its MD_VECTOR_MODEL_DIR still names the first model) each collection is searched with its own model again.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {repoRoot, temporaryDirectory, tiny48ModelDir, tinyModelDir} from '../helpers/paths.js';

test('model use switches every collection and the default, says so, and the next start keeps each collection\'s model', async t => {
	const md = cli();
	t.teardown(async () => md.stop());
	const root = temporaryDirectory('md-vector-model-use-');
	for (const name of ['a', 'b']) {
		mkdirSync(path.join(root, name));
		writeFileSync(path.join(root, name, 'note.md'), `# ${name}\n\nThe tide and the moon of ${name}.\n\n## More\n\nGranite lanterns.\n`);
		t.is((await md.run(['ingest-dir', path.join(root, name), '-C', name])).exitCode, 0);
	}

	const switched = await md.run(['model', 'use', path.relative(repoRoot, tiny48ModelDir), '--wait'], {cwd: repoRoot});
	t.is(switched.exitCode, 0, String(switched.stderr));
	const out = String(switched.stdout);
	t.regex(out, new RegExp(String.raw`^default model: tiny-48 \(was tiny\), for new collections; recorded as the model setting in ${md.home}/config/config\.json$`, 'm'));
	t.regex(out, /^a: switching from tiny to tiny-48, 2 chunks, in the background; searches answer from tiny until it completes$/m);
	t.regex(out, /^a: switched to tiny-48: searches answer from it now$/m);
	t.regex(out, /^b: switched to tiny-48: searches answer from it now$/m);
	t.regex(String(switched.stderr), /^note: the daemon's MD_VECTOR_MODEL_DIR still chooses its model at its next start: change or unset it to keep tiny-48$/m);
	t.deepEqual(JSON.parse(readFileSync(path.join(md.home, 'config', 'config.json'), 'utf8')), {model: tiny48ModelDir});

	t.regex(String((await md.run(['status'])).stdout), new RegExp(String.raw`model tiny-48 \(ok\) from ${tiny48ModelDir} \(the model setting\)`));
	t.regex(String((await md.run(['stats', '-C', 'a'])).stdout), /^model\s+tiny-48$/m);
	t.is(String((await md.run(['model', 'use', 'tiny-48', '-C', 'a'])).stdout), 'a: already uses tiny-48: nothing to do');
	const refused = await md.run(['model', 'use', '/nowhere/tiny-99', '-C', 'a']);
	t.is(refused.exitCode, 1);
	t.regex(String(refused.stderr), /cannot switch to tiny-99: \/nowhere\/tiny-99 does not exist.*Nothing was changed/);
	const json = await md.json(['model', 'use', 'tiny-48', '-C', 'b']);
	t.deepEqual(json, {model: 'tiny-48', dimensions: 48, collections: [{collection: 'b', from: 'tiny-48', action: 'uses', chunks: 2, replaced: null, job_id: null}]});

	// The next start: MD_VECTOR_MODEL_DIR (this command's environment) chooses tiny again as the default, and the
	// collections keep theirs, found by name where it was loaded from.
	t.is((await md.run(['restart'])).exitCode, 0);
	t.regex(String((await md.run(['status'])).stdout), new RegExp(String.raw`model tiny \(ok\) from ${tinyModelDir} \(MD_VECTOR_MODEL_DIR\)`));
	const search = await md.json(['search', 'tide and moon', '-C', 'a', '--mode', 'semantic']);
	t.is(search.notice, undefined);
	t.is(search.results.length, 2);
	t.regex(String((await md.run(['status'])).stdout), /models loaded besides the default: tiny-48 \(ok\)/);
});
