// The watch setting with a collection of two folders, one of which goes away: /health stays degraded, naming it,
// while the other folder goes on syncing (each folder is followed and reported on its own, so one folder's good
// news must not clear the other's problem).
import {rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {poll} from '../../source/client/poll.js';
import {cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';

test('a followed folder that is gone stays a background problem while its sibling source syncs', async t => {
	const md = cli({MD_VECTOR_WATCH: '1'});
	t.teardown(md.stop);
	const kept = makeTree({'a.md': '# A\n\nalpha'});
	const gone = makeTree({'b.md': '# B\n\nbravo'});
	await md.json(['ingest-dir', kept, '-C', 'two']);
	await md.json(['ingest-dir', gone, '-C', 'two']);
	await md.run(['stop']); // restarted with the setting: it follows both folders from its start
	t.is((await md.json(['documents', '-C', 'two'])).documents.length, 2);

	rmSync(gone, {recursive: true});
	const degraded = async () => {
		const status = await md.json(['status']);
		return status.status === 'degraded' && JSON.stringify(status.checks.background ?? {}).includes(gone) ? status : undefined;
	};

	t.truthy(await poll(degraded, 60_000), 'degraded, naming the folder that is gone');
	writeFileSync(path.join(kept, 'c.md'), '# C\n\ncharlie');
	const synced = await poll(async () => ((await md.json(['documents', '-C', 'two'])).documents.some((document: {file: string}) => document.file.endsWith('c.md')) ? true : undefined), 60_000);
	t.truthy(synced, 'the other folder still syncs');
	t.truthy(await degraded(), 'and its sync did not clear the problem of the folder that is gone');
});
