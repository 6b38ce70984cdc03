// Your own md-vector commands may index any folder you can read (the daemon runs as you); any other client keeps
// to the allowed roots, and a refusal says how to add a folder and that the running daemon must restart.
import {writeFileSync} from 'node:fs';
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
	t.regex(error.message, /^directory: \S+ is outside the allowed roots \(\/\S*\) after resolving links and '\.\.': add its folder with `md-vector config set allowed-roots` \(or MD_VECTOR_ALLOWED_ROOTS\) where the daemon runs, then restart the daemon \(`md-vector stop`\)$/);
	const asOwner = await fetch(`http://127.0.0.1:${port}/api/v1/ingest`, {method: 'POST', headers: {'content-type': 'application/json', [localTokenHeader]: token}, body: JSON.stringify({file_path: file, collection: 'outside'})});
	t.is(asOwner.status, 200, 'the local token is what lets the owner through');
});
