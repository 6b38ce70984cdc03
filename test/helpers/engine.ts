import path from 'node:path';
import {Engine} from '../../daemon/engine/engine.js';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {temporaryDirectory} from './paths.js';

/** An engine on a fresh data folder, with the given embedder ready (or none: keyword only). */
export function openEngine(embedder?: Embedder, dataDir = path.join(temporaryDirectory(), 'data')): {engine: Engine; dataDir: string} {
	const engine = Engine.open({dataDir, settleDelayMs: 10});
	if (embedder) {
		engine.setEmbedder({status: 'ready', embedder});
	}

	return {engine, dataDir};
}
