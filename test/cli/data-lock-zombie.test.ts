// A daemon killed with SIGKILL stays a zombie until its parent reaps it; started detached, its parent is the
// container's first process, which may reap late or never. The data folder's lock must not wait for that.
import {spawn} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {isAlive, lockDataDir} from '../../common/data-lock.js';
import {poll} from '../../source/client/poll.js';
import {temporaryDirectory} from '../helpers/paths.js';

test('a zombie holds no lock: isAlive says dead and its data folder is taken over', async t => {
	// A parent that forks a child which exits at once, and never waits for it: the child stays a zombie.
	const parent = spawn('python3', ['-c', 'import os, sys, time\npid = os.fork()\nif pid == 0:\n\tos._exit(0)\nprint(pid, flush=True)\ntime.sleep(30)'], {stdio: ['ignore', 'pipe', 'inherit']});
	t.teardown(() => parent.kill('SIGKILL'));
	const zombie = await new Promise<number>(resolve => {
		parent.stdout.once('data', (data: Buffer) => {
			resolve(Number(String(data).trim()));
		});
	});
	const state = () => {
		const stat = readFileSync(`/proc/${zombie}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
	};

	t.is(await poll(() => (state() === 'Z' ? 'Z' : undefined), 10_000), 'Z', 'the child is a zombie');
	t.false(isAlive(zombie));
	t.true(isAlive(parent.pid!), 'a live process is alive');

	const data = temporaryDirectory('md-vector-zombie-lock-');
	writeFileSync(path.join(data, 'daemon.pid'), String(zombie));
	const release = lockDataDir(data);
	t.teardown(release);
	t.is(readFileSync(path.join(data, 'daemon.pid'), 'utf8'), String(process.pid), 'the lock was taken over');
});
