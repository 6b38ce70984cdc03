import path from 'node:path';
import {Engine, importFolderOf} from '../../daemon/engine/engine.js';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import type {EngineModelsOptions} from '../../daemon/engine/models/engine-models.js';
import {BackgroundProblems} from '../../daemon/engine/background-problems.js';
import {dataFolderProbe} from '../../daemon/engine/data-folder-probe.js';
import {EmbeddedStorage, type EmbeddedOptions} from '../../daemon/engine/storage/embedded/embedded-storage.js';
import {temporaryDirectory} from './paths.js';

export type EngineOptions = EmbeddedOptions & {readonly models?: EngineModelsOptions};

/** An engine on the embedded storage (SQLite + FAISS) in `dataDir`, as the daemon opens it (daemon/server.ts). */
export function openEmbeddedEngine(options: EngineOptions): Engine {
	const problems = new BackgroundProblems(options.log);
	problems.addProbe(dataFolderProbe(options.dataDir));
	return new Engine(EmbeddedStorage.open({...options, problems}), problems, {importFolder: importFolderOf(options.dataDir), models: options.models});
}

/** An engine on a fresh data folder, with the given embedder ready (or none: keyword only). */
export function openEngine(embedder?: Embedder, dataDir = path.join(temporaryDirectory(), 'data')): {engine: Engine; dataDir: string} {
	const engine = openEmbeddedEngine({dataDir, settleDelayMs: 10});
	if (embedder) {
		engine.setEmbedder({status: 'ready', embedder});
	}

	return {engine, dataDir};
}
