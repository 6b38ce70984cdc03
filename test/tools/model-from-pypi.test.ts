// tools/model-from-pypi.sh takes a relative output folder from the folder it is run in, not from the checkout it
// lives in (issue 38): a folder made there before is found there, and nothing is made again.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execa} from 'execa';
import {repoRoot, temporaryDirectory} from '../helpers/paths.js';

test('a relative OUT_DIR is the caller\'s: a folder that passed its parity check there is kept as it is', async t => {
	const here = temporaryDirectory();
	const out = path.join(here, 'models', 'mini');
	mkdirSync(out, {recursive: true});
	writeFileSync(path.join(out, 'parity.json'), '{\n "passed": true\n}\n');
	writeFileSync(path.join(out, 'md-vector-model.json'), '{\n "package": "some-model==1.0"\n}\n');
	const result = await execa('bash', [path.join(repoRoot, 'tools', 'model-from-pypi.sh'), 'some-model==1.0', 'models/mini'], {cwd: here, reject: false, timeout: 60_000});
	t.is(result.exitCode, 0, String(result.stderr));
	t.is(String(result.stdout), `model-from-pypi: ${out} is ready (made from some-model==1.0, parity passed); nothing to do`);
});
