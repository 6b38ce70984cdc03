// The capability files in force: read at start (an invalid file stops the daemon: it does not guess), then
// re-read when they change. A change that breaks a file is logged and the last valid set stays in force.
import {existsSync, mkdirSync, watch, type FSWatcher} from 'node:fs';
import {CapabilityError} from '../../common/access/validate-capabilities.js';
import {capabilitiesDir, loadAccessConfig, type AccessConfig} from '../../common/access/load-capabilities.js';

export class AccessControl {
	private config: AccessConfig;
	private readonly watchers: FSWatcher[] = [];
	private timer: NodeJS.Timeout | undefined;

	constructor(private readonly configDir: string, private readonly env: NodeJS.ProcessEnv, private readonly log: (line: string) => void) {
		this.config = loadAccessConfig(configDir, env);
	}

	current(): AccessConfig {
		return this.config;
	}

	/** Re-reads on any change in the config folder or its capabilities/ folder (debounced: editors write twice). */
	watch(): void {
		const directory = capabilitiesDir(this.configDir);
		mkdirSync(directory, {recursive: true});
		for (const folder of [this.configDir, directory].filter(existsSync)) {
			this.watchers.push(watch(folder, () => {
				clearTimeout(this.timer);
				this.timer = setTimeout(() => {
					this.reload();
				}, 100);
			}));
		}
	}

	reload(): void {
		try {
			this.config = loadAccessConfig(this.configDir, this.env);
			this.log(`capabilities reloaded: ${this.config.capabilities.length} capabilities, ${this.config.clients.length} clients`);
		} catch (error) {
			const problems = error instanceof CapabilityError ? error.problems : [(error as Error).message];
			this.log(`capabilities NOT reloaded (the previous ones stay in force):\n  ${problems.join('\n  ')}`);
		}
	}

	close(): void {
		clearTimeout(this.timer);
		for (const watcher of this.watchers) {
			watcher.close();
		}
	}
}
