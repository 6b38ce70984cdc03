// Runs the samples for real: a fresh home with the KEPs copied in, the built md-vector on PATH, one daemon with
// the real model, each shell line in bash. The home (and the daemon it started) is removed at the end.
import {chmodSync, cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import {createServer, type AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {execa} from 'execa';
import {normalise, type Varying} from './normalise.js';
import {corpus, type Sample} from './samples.js';

/** A job's progress line on a pipe, in any phase: `update: finding the Markdown files`, `update: reading 7/8 files, 0 files/s, ETA ?`. */
const progressLine = /^(?:update|ingest-dir): (?:finding the Markdown files$|.*(?:files|chunks)\/s, ETA )/;

export type Setup = {
	/** The repository (its dist/cli/md-vector.cjs is run). */
	readonly checkout: string;
	/** Where the KEPs are: the shared data's keps/sig-cli folder. */
	readonly keps: string;
	/** The real model folder. */
	readonly model: string;
	/** Says what runs (progress). */
	readonly log?: (line: string) => void;
};

const lineTimeout = 600_000;

async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>(resolve => {
		server.listen(0, '127.0.0.1', resolve);
	});
	const {port} = server.address() as AddressInfo;
	await new Promise(resolve => {
		server.close(resolve);
	});
	return port;
}

/** A fresh home: ~/keps with the corpus, ~/bin/md-vector running this checkout's build. */
function makeHome(setup: Setup): string {
	const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'md-vector-docs-samples-')));
	for (const name of corpus) {
		cpSync(path.join(setup.keps, name, 'README.md'), path.join(home, 'keps', name, 'README.md'));
	}

	mkdirSync(path.join(home, 'bin'));
	const shim = path.join(home, 'bin', 'md-vector');
	writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(setup.checkout, 'dist', 'cli', 'md-vector.cjs'))} "$@"\n`);
	chmodSync(shim, 0o755);
	return home;
}

/** The environment of every line: nothing of the caller's md-vector settings, this home's and the real model. */
function environment(home: string, port: number, model: string): Record<string, string> {
	const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MD_VECTOR_') && name !== 'NO_COLOR' && name !== 'FORCE_COLOR')) as Record<string, string>;
	return {
		...inherited,
		HOME: home,
		PATH: `${path.join(home, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
		MD_VECTOR_HOME: path.join(home, '.md-vector'),
		MD_VECTOR_MODEL_DIR: model,
		MD_VECTOR_PORT: String(port),
		MD_VECTOR_ONNX_SPIN: '0', // the machine may be shared: spinning threads slow the model there
		NO_COLOR: '1',
		B: `http://127.0.0.1:${port}/api/v1`,
	};
}

/** Runs every sample in order; returns each one's text as the page shows it (normalised). */
export async function runSamples(setup: Setup, samples: readonly Sample[]): Promise<Map<string, string>> {
	const port = await freePort();
	const home = makeHome(setup);
	const env = environment(home, port, setup.model);
	const varying: Varying = {home, port, checkout: setup.checkout, model: setup.model};
	const run = async (line: string) => execa('bash', ['-o', 'pipefail', '-c', line], {cwd: home, env, extendEnv: false, reject: false, timeout: lineTimeout, stdin: 'ignore'});
	const outputs = new Map<string, string>();
	try {
		for (const sample of samples) {
			setup.log?.(`sample ${sample.id}`);
			let text = '';
			for (const [index, line] of sample.lines.entries()) {
				const result = await run(line);
				if (result.timedOut) {
					throw new Error(`sample ${sample.id}: '${line}' did not finish within ${lineTimeout / 1000} s`);
				}

				const expected = index === sample.lines.length - 1 ? sample.exit ?? 0 : 0;
				if (result.exitCode !== expected) {
					throw new Error(`sample ${sample.id}: '${line}' exited ${String(result.exitCode)}, not ${expected}: ${String(result.stderr)}`);
				}

				// A job's progress lines come as often as the machine's speed allows: they are not part of a sample.
				const stderr = String(result.stderr).split('\n').filter(text => !progressLine.test(text)).join('\n');
				const shown = [sample.stderr ? stderr : '', String(result.stdout)].filter(part => part !== '');
				text += `$ ${line}\n${shown.map(part => part.endsWith('\n') ? part : `${part}\n`).join('')}`;
			}

			outputs.set(sample.id, normalise(text, varying));
		}
	} finally {
		await run('md-vector stop --now');
		rmSync(home, {recursive: true, force: true});
	}

	return outputs;
}
