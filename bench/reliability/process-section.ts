import {spawn, type ChildProcess} from 'node:child_process';
import {readFileSync} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {cliPath, crashMarkers, DaemonProcess, delay, temporaryHome, tinyModelDir, until} from './daemon-process.js';
import type {Tally} from './tally.js';

type Serve = {child: ChildProcess; stderr: () => string; exited: Promise<number | null>};

function serve(home: string, port: number): Serve {
	const child = spawn(process.execPath, [cliPath, 'serve', '-p', String(port)], {env: {...process.env, MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: tinyModelDir}, stdio: ['ignore', 'ignore', 'pipe']});
	let stderr = '';
	child.stderr.on('data', (data: Buffer) => {
		stderr += data.toString();
	});
	return {child, stderr: () => stderr, exited: new Promise(resolve => {
		child.once('exit', code => {
			resolve(code);
		});
	})};
}

const portFree = async (port: number) => new Promise<boolean>(resolve => {
	const socket = net.connect(port, '127.0.0.1');
	socket.once('connect', () => {
		socket.destroy();
		resolve(false);
	});
	socket.once('error', () => {
		resolve(true);
	});
});

/** The pid in a data folder's discovery record, to clean up a daemon a test left behind. */
function recordedPid(home: string): number | undefined {
	try {
		return (JSON.parse(readFileSync(path.join(home, 'state', 'daemon.json'), 'utf8')) as {pid: number}).pid;
	} catch {
		return undefined;
	}
}

/** `serve` on a taken port: a clear one-line refusal, a non-zero exit, no daemon left behind (finding F-port-taken). */
export async function portTaken(tally: Tally): Promise<void> {
	const blocker = net.createServer();
	await new Promise<void>(resolve => blocker.listen(0, '127.0.0.1', resolve));
	const {port} = blocker.address() as net.AddressInfo;
	const home = temporaryHome('md-vector-port-');
	const run = serve(home, port);
	// It must exit; if it listens instead (on another port), that is the finding: it is then stopped.
	const outcome = await until(() => run.child.exitCode ?? (run.stderr().includes('listening on') ? 'listening' : undefined), 60_000);
	if (run.child.exitCode === null) {
		run.child.kill('SIGTERM');
		await run.exited;
	}

	blocker.close();
	const stderr = run.stderr();
	tally.check('F-port-taken', 'serve on a taken port: exits non-zero with a message naming the port, no stack trace', typeof outcome === 'number' && outcome !== 0 && stderr.includes(String(port)) && /port/i.test(stderr) && !/\n\s+at /.test(stderr) && !crashMarkers.test(stderr), `${String(outcome)}: ${stderr.slice(-500)}`);
	const left = recordedPid(home);
	tally.check('F-port-taken', 'serve on a taken port: no daemon is left running', left === undefined, `daemon ${left} left`);
	if (left) {
		process.kill(left, 'SIGKILL');
	}
}

/** `serve` killed with SIGKILL: its daemon does not stay behind holding the port and the data folder (F-serve-killed). */
export async function serveKilled(tally: Tally): Promise<void> {
	const home = temporaryHome('md-vector-serve-');
	const first = serve(home, 0);
	const port = await until(() => Number(/listening on http:\/\/[\d.]+:(\d+)/.exec(first.stderr())?.[1]) || undefined, 60_000);
	if (!port) {
		tally.check('F-serve-killed', 'serve starts', false, first.stderr().slice(-500));
		first.child.kill('SIGKILL');
		return;
	}

	first.child.kill('SIGKILL');
	await first.exited;
	// Gone means the port free and its discovery record removed (the last thing it does before freeing the data folder).
	const freed = await until(async () => ((await portFree(port)) && recordedPid(home) === undefined ? true : undefined), 20_000, 250);
	const second = serve(home, port);
	const listening = await until(() => {
		if (second.stderr().includes('listening on')) {
			return true;
		}

		return second.child.exitCode === null ? undefined : false;
	}, 60_000);
	tally.check('F-serve-killed', 'serve killed with SIGKILL: its daemon goes too (port and data folder free for the next serve)', freed === true && listening === true, `port ${freed ? 'freed' : 'still taken'}; the next serve: ${second.stderr().slice(-400)}`);
	second.child.kill('SIGTERM');
	await second.exited;
	const left = recordedPid(home);
	if (left) {
		try {
			process.kill(left, 'SIGKILL'); // the daemon the killed serve left behind
		} catch {
			// Gone already.
		}
	}
}

/** SIGTERM at moments while the model loads: the daemon drains and exits 0, never an abort (N-sigterm-while-model-loads). */
async function sigtermWhileLoading(tally: Tally): Promise<void> {
	for (const after of [0, 150, 400, 800, 1500]) {
		const daemon = await DaemonProcess.start();
		await delay(after);
		const exit = await daemon.stop();
		tally.check('N-sigterm-while-model-loads', 'SIGTERM while the model loads: exit 0, no abort', exit.code === 0 && !daemon.crashed('SIGTERM'), `${after} ms after listening: exit ${exit.code ?? exit.signal}: ${daemon.log().slice(-600)}`);
	}
}

export async function processSection(tally: Tally): Promise<void> {
	await portTaken(tally);
	await serveKilled(tally);
	await sigtermWhileLoading(tally);
}
