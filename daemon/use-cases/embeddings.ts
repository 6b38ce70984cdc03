// Vectors of any texts from the daemon's model (POST /v1/embeddings, OpenAI's wire format): for a caller with
// embeddings:default, which touches no collection.
import type {Engine} from '../engine/engine.js';
import {embedTexts, type EmbedAnswer, type EmbedRequest} from '../engine/embed-texts.js';
import type {Actor} from './actor.js';
import {operations} from './operations.js';

export type {EmbedAnswer, EmbedRequest} from '../engine/embed-texts.js';

export async function embed(engine: Engine, actor: Actor, request: EmbedRequest): Promise<EmbedAnswer> {
	actor.require(operations.embed);
	return embedTexts(engine.embedder, request);
}
