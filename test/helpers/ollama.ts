// Ollama, a model server md-vector did not write, as the test set-up builds it (tools/test-servers/ollama.sh: from
// the Go module proxy, with all-MiniLM-L6-v2 in fp32 from PyPI). Looked for in MD_VECTOR_TEST_OLLAMA_DIR, then
// .test-tools/, then CI's cache; run on 127.0.0.1 only, on a free port, stopped by the test.
import {spawn, type ChildProcess} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {poll} from '../../source/client/poll.js';
import {repoRoot} from './paths.js';
import {freePort} from './free-port.js';

export const ollamaFolderName = 'ollama-v0.13.0';
/** The model the set-up imports (all-MiniLM-L6-v2, fp32). */
export const ollamaModel = 'md-vector-minilm';
export const setupCommand = `bash tools/test-servers/ollama.sh .test-tools/${ollamaFolderName}`;

/** The first set-up folder that is ready, or why none is (every place looked at). */
export function findOllama(env: NodeJS.ProcessEnv = process.env): {directory: string} | {missing: string} {
	const places = [
		...(env.MD_VECTOR_TEST_OLLAMA_DIR ? [path.resolve(env.MD_VECTOR_TEST_OLLAMA_DIR)] : []),
		path.join(repoRoot, '.test-tools', ollamaFolderName),
		path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'md-vector-ci', ollamaFolderName),
	];
	const directory = places.find(place => existsSync(path.join(place, 'ready.json')) && existsSync(path.join(place, 'bin', 'ollama')));
	if (directory) {
		return {directory};
	}

	// A set-up that was tried and failed says why (tools/test-servers/ollama.sh writes it), so the skip is not silent.
	const failed = places.map(place => path.join(place, 'setup-failed.txt')).find(file => existsSync(file));
	const why = failed ? `the set-up failed (${failed}): ${readFileSync(failed, 'utf8').trim()}` : `no Ollama set up (looked in ${places.join(', ')})`;
	return {missing: `${why}; set it up with: ${setupCommand} (about 20 min, once; docs/development.md)`};
}

export type RunningOllama = {readonly url: string; stop(): Promise<void>};

/** `ollama serve` on 127.0.0.1, resolved once it answers. */
export async function startOllama(directory: string): Promise<RunningOllama> {
	const host = `127.0.0.1:${await freePort()}`;
	const child: ChildProcess = spawn(path.join(directory, 'bin', 'ollama'), ['serve'], {
		env: {...process.env, OLLAMA_HOST: host, OLLAMA_MODELS: path.join(directory, 'models'), OLLAMA_NUM_PARALLEL: '1', OLLAMA_NOPRUNE: '1'},
		stdio: ['ignore', 'ignore', 'pipe'],
	});
	let log = '';
	child.stderr!.on('data', (data: Buffer) => {
		log = (log + data.toString()).slice(-20_000);
	});
	const url = `http://${host}`;
	const up = await poll(async () => (await fetch(`${url}/api/version`).then(response => response.ok, () => false)) || undefined, 60_000);
	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise(resolve => child.once('exit', resolve));
			child.kill('SIGTERM');
			await exited;
		}
	};

	if (!up) {
		await stop();
		throw new Error(`ollama serve did not answer within 60 s: ${log}`);
	}

	return {url, stop};
}
