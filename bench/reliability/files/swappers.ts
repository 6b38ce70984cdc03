import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';

export type SwapConfig = {readonly mode: 'link' | 'fifo' | 'folder-link'; readonly path: string; readonly other: string; readonly inside?: string; readonly text?: string};

/** Swapper processes (swapper.ts), one per path, running side by side with the daemon for `ms`. */
export class Swappers {
	private readonly children: Array<{child: ChildProcess; output: Promise<string>}> = [];

	constructor(configs: readonly SwapConfig[], ms: number) {
		for (const config of configs) {
			const child = spawn(process.execPath, [path.join(import.meta.dirname, 'swapper.js'), JSON.stringify({...config, ms})], {stdio: ['ignore', 'pipe', 'inherit']});
			const output = new Promise<string>(resolve => {
				let text = '';
				child.stdout.on('data', (data: Buffer) => {
					text += data.toString();
				});
				child.once('exit', () => {
					resolve(text);
				});
			});
			this.children.push({child, output});
		}
	}

	/** Stops them (each ends in its harmless state) and answers how many swaps they made in all. */
	async stop(): Promise<number> {
		for (const {child} of this.children) {
			child.kill('SIGTERM');
		}

		const counts = await Promise.all(this.children.map(async ({output}) => Number.parseInt(await output, 10) || 0));
		return counts.reduce((sum, count) => sum + count, 0);
	}
}
