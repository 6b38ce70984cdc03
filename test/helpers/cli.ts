import os from 'node:os';
import path from 'node:path';
import {execa, type Options, type Result} from 'execa';
import {readDiscovery, type DiscoveryRecord} from '../../common/discovery.js';
import {repoRoot, sharedData, temporaryDirectory, tinyModelDir} from './paths.js';

export const cliPath = path.join(repoRoot, 'dist', 'cli', 'md-vector.cjs');

export type Cli = {
	readonly home: string;
	/** The environment every run gets (for running the binary some other way, as in tmux). */
	readonly environment: Record<string, string>;
	/** Runs the built md-vector binary; never throws on a non-zero exit. */
	run(args: readonly string[], options?: Options): Promise<Result>;
	/** Runs it with --json and parses stdout (fails the test on a non-zero exit). */
	json(args: readonly string[]): Promise<any>;
	record(): DiscoveryRecord | undefined;
	/** Stops the daemon this home started (test teardown). */
	stop(): Promise<void>;
};

/** The real CLI with an isolated MD_VECTOR_HOME, the generated model, and any free port for its daemon. */
export function cli(env: Record<string, string> = {}, home = temporaryDirectory('md-vector-cli-')): Cli {
	const environment = {
		MD_VECTOR_HOME: home, MD_VECTOR_MODEL_DIR: tinyModelDir, MD_VECTOR_PORT: '0',
		MD_VECTOR_ALLOWED_ROOTS: [os.tmpdir(), sharedData].join(path.delimiter), NO_COLOR: '1', ...env,
	};
	const self: Cli = {
		home,
		environment,
		async run(args, options = {}) {
			return execa('node', [cliPath, ...args], {env: environment, reject: false, ...options});
		},
		async json(args) {
			const result = await self.run([...args, '--json']);
			if (result.exitCode !== 0) {
				throw new Error(`md-vector ${args.join(' ')} --json exited ${result.exitCode}: ${String(result.stderr)}`);
			}

			return JSON.parse(String(result.stdout));
		},
		record: () => readDiscovery(path.join(home, 'state')),
		async stop() {
			await self.run(['stop']);
		},
	};
	return self;
}
