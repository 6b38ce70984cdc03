// Your own md-vector commands may index any folder you can read (the daemon runs as you); any other client keeps
// to the allowed roots, and a refusal says how to add a folder and that the running daemon must restart.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {localTokenHeader} from '../../common/local-token.js';
import {cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {writeNotes} from '../helpers/trees.js';

test('the CLI indexes a folder outside the allowed roots; another client is refused with the fix', async t => {
	const md = cli({MD_VECTOR_ALLOWED_ROOTS: ''}); // the daemon allows only the home folder; the notes are in the temp folder
	t.teardown(md.stop);
	const root = writeNotes(1, 3);
	t.false(root.startsWith(`${process.env.HOME ?? '/root'}/`), 'the folder is outside the home');
	t.like(await md.json(['ingest-dir', root, '-C', 'outside']), {state: 'completed', progress: {indexed: 3}});
	const file = path.join(temporaryDirectory(), 'single.md');
	writeFileSync(file, '# Single\n\nOne file outside the roots.\n');
	t.like(await md.json(['ingest', file, '-C', 'outside']), {outcome: 'indexed'});

	const {port, token} = md.record()!;
	const asAnother = await fetch(`http://127.0.0.1:${port}/api/v1/jobs/ingest-directory`, {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify({directory: root})});
	t.is(asAnother.status, 400);
	const {error} = await asAnother.json() as {error: {message: string}};
	const advice = 'add its folder with `md-vector config set allowed-roots` (or MD_VECTOR_ALLOWED_ROOTS) where the daemon runs, then `md-vector restart`';
	t.regex(error.message, /^directory: \S+ is outside the allowed roots \(\/\S*\) after resolving links and '\.\.': /);
	t.true(error.message.endsWith(`: ${advice}`), error.message);
	// An import naming the folder as its source: another route, the same advice.
	const exported = path.join(temporaryDirectory(), 'outside.json');
	t.is((await md.run(['export', '-C', 'outside', '-o', exported])).exitCode, 0);
	const imported = await fetch(`http://127.0.0.1:${port}/api/v1/import?collection=copy`, {method: 'POST', headers: {'content-type': 'application/json'}, body: readFileSync(exported)});
	t.is(imported.status, 400);
	const refusal = (await imported.json() as {error: {message: string}}).error.message;
	t.regex(refusal, /is outside the allowed roots/);
	t.true(refusal.endsWith(`: ${advice}`), refusal);
	const asOwner = await fetch(`http://127.0.0.1:${port}/api/v1/ingest`, {method: 'POST', headers: {'content-type': 'application/json', [localTokenHeader]: token}, body: JSON.stringify({file_path: file, collection: 'outside'})});
	t.is(asOwner.status, 200, 'the local token is what lets the owner through');
});
