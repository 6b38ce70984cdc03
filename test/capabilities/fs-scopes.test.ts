import test from 'ava';
import {resolveVariable} from '../../common/access/directory-variables.js';
import {effectivePermissions} from '../../common/access/effective.js';
import {fsReadPolicy} from '../../common/access/fs-scopes.js';
import {parseCapabilityFile} from '../../common/access/validate-capabilities.js';

const env = {HOME: '/home/ann', MD_VECTOR_HOME: '/srv/mdv', XDG_CONFIG_HOME: '/home/ann/.cfg', APPDATA: String.raw`C:\Users\ann\AppData\Roaming`};

test('directory variables per platform', t => {
	t.is(resolveVariable('HOME', env, 'linux'), '/home/ann');
	t.is(resolveVariable('DOCUMENT', env, 'linux'), '/home/ann/Documents');
	t.is(resolveVariable('CONFIG', env, 'linux'), '/home/ann/.cfg', 'XDG variables are honoured');
	t.is(resolveVariable('CACHE', env, 'linux'), '/home/ann/.cache');
	t.is(resolveVariable('CONFIG', env, 'darwin'), '/home/ann/Library/Application Support');
	t.is(resolveVariable('CONFIG', env, 'win32'), String.raw`C:\Users\ann\AppData\Roaming`);
	t.is(resolveVariable('APPDATA', env, 'linux'), '/srv/mdv/data', 'md-vector\'s own folders');
	t.is(resolveVariable('RUNTIME', {HOME: '/home/ann'}, 'darwin'), undefined, 'no such folder there');
});

const policyOf = (permissions: unknown[]) => fsReadPolicy(effectivePermissions(parseCapabilityFile(JSON.stringify({identifier: 'c', clients: ['x'], permissions}), 'c.json'), {client: 'x', local: true}), env);

test('fs read policy: scopes without paths, path scopes, deny paths, and accesses that do not read', t => {
	const home = policyOf(['fs:allow-home-read-recursive']);
	t.true(home.mayRead('/home/ann/notes/deep/a.md'));
	t.false(home.mayRead('/etc/passwd.md'));
	const flat = policyOf(['fs:allow-document-read']);
	t.true(flat.mayRead('/home/ann/Documents/a.md'));
	t.false(flat.mayRead('/home/ann/Documents/sub/a.md'), 'read is not recursive');
	const scoped = policyOf([{identifier: 'fs:allow-home-read-recursive', allow: [{path: '$HOME/notes/**'}], deny: [{path: '$HOME/notes/private/**'}]}]);
	t.true(scoped.mayRead('/home/ann/notes/a.md'));
	t.true(scoped.mayRead('/home/ann/notes/.hidden/a.md'), 'dot folders are inside the glob');
	t.false(scoped.mayRead('/home/ann/notes/private/a.md'), 'deny wins');
	t.false(scoped.mayRead('/home/ann/other.md'));
	t.false(policyOf(['fs:allow-home-meta-recursive']).mayRead('/home/ann/a.md'), 'meta: listing, not reading');
	t.false(policyOf(['search:default']).mayRead('/home/ann/a.md'), 'no fs permission: nothing');
});
