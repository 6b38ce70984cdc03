// The TUI's small parts that touch the outside: Tab completion on a real folder, the remembered collection in
// the state folder, the command line's -C, the vector fill-in line.
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {completeDirectory, completeFrom} from '../../source/ui/tui/complete-path.js';
import {stateFolderMemory} from '../../source/ui/tui/last-collection.js';
import {tuiArguments} from '../../source/ui/tui/tui-arguments.js';
import {vectorFill} from '../../source/ui/tui/vector-fill.js';
import {temporaryDirectory} from '../helpers/paths.js';

test('Tab completes folders like a shell: one match whole with a slash, several to their shared prefix', t => {
	const root = temporaryDirectory('md-vector-complete-');
	for (const folder of ['small', 'smaller', 'notes', '.hidden']) {
		mkdirSync(path.join(root, folder));
	}

	writeFileSync(path.join(root, 'notes.md'), '# not a folder\n');
	symlinkSync(path.join(root, 'notes'), path.join(root, 'linked'));
	t.deepEqual(completeDirectory(`${root}/no`), {value: `${root}/notes/`, choices: []}, 'a file named like it is not offered');
	t.deepEqual(completeDirectory(`${root}/sm`), {value: `${root}/small`, choices: ['small', 'smaller']});
	t.deepEqual(completeDirectory(`${root}/li`), {value: `${root}/linked/`, choices: []}, 'a link to a folder is a folder');
	t.deepEqual(completeDirectory(`${root}/.h`), {value: `${root}/.hidden/`, choices: []});
	t.deepEqual(completeDirectory(`${root}/`).choices, ['linked', 'notes', 'small', 'smaller'], 'hidden folders only when asked for');
	t.deepEqual(completeDirectory('sm', root), {value: 'small', choices: ['small', 'smaller']}, 'relative to the working folder');
	t.deepEqual(completeDirectory('~/no', root, root), {value: '~/notes/', choices: []}, '~ stays as typed');
	t.deepEqual(completeDirectory('~', root, root), {value: '~/', choices: []});
	t.deepEqual(completeDirectory(`${root}/missing/x`), {value: `${root}/missing/x`, choices: []}, 'an unreadable folder offers nothing');
	t.deepEqual(completeFrom('ke', ['keps', 'notes']), {completed: 'keps', choices: []});
});

test('the last used collection is kept in the state folder; a broken file is replaced, an unwritable folder ignored', t => {
	const home = temporaryDirectory('md-vector-memory-');
	const env = {MD_VECTOR_HOME: home};
	t.is(stateFolderMemory(env).read(), undefined);
	stateFolderMemory(env).write('keps');
	t.is(stateFolderMemory(env).read(), 'keps', 'read back by the next start');
	writeFileSync(path.join(home, 'state', 'tui.json'), '{broken');
	t.is(stateFolderMemory(env).read(), undefined);
	const blocked = temporaryDirectory('md-vector-memory-');
	writeFileSync(path.join(blocked, 'state'), 'a file where the folder should be');
	const memory = stateFolderMemory({MD_VECTOR_HOME: blocked});
	t.notThrows(() => {
		memory.write('notes');
	});
	t.is(memory.read(), undefined);
});

test('the command line asks for the TUI with nothing or -C NAME; anything else is the CLI\'s', t => {
	t.deepEqual(tuiArguments([]), {collection: undefined});
	t.deepEqual(tuiArguments(['-C', 'keps']), {collection: 'keps'});
	t.deepEqual(tuiArguments(['--collection=keps']), {collection: 'keps'});
	t.is(tuiArguments(['ingest-dir', 'x', '-C', 'keps']), undefined);
	t.is(tuiArguments(['--help']), undefined);
	t.is(tuiArguments(['-v']), undefined);
	t.regex((tuiArguments(['-C']) as {error: string}).error, /argument missing/);
	t.regex((tuiArguments(['-C', 'a b']) as {error: string}).error, /^-C: a collection name is 1-128 characters .* \(got "a b"\)/);
	t.is(tuiArguments(['--nope']), undefined, 'a mistyped option first is the command line\'s to answer (with a suggestion)');
	t.regex((tuiArguments(['-C', 'keps', '--nope']) as {error: string}).error, /Unknown option '--nope'/);
});

test('vector fill-in: shown while vectors lag the chunks, with the model\'s state', t => {
	t.is(vectorFill({vectors: 1200, chunks: 3400}, 'ok'), 'vectors 1,200/3,400 (35%)');
	t.is(vectorFill({vectors: 0, chunks: 340}, 'unavailable'), 'vectors 0/340 (0%), waiting for the model');
	t.is(vectorFill({vectors: 340, chunks: 340}, 'ok'), undefined);
	t.is(vectorFill(undefined, 'ok'), undefined);
});
