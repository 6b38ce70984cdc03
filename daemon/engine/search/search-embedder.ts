import type {SearchMode} from '../../../common/search-contract.js';
import type {Embedder, EmbedderState} from '../embedder/embedder.js';
import type {Collection} from '../storage/types.js';
import {conflict} from '../errors.js';

/**
 * The embedder a search may use over these collections, or why it may not (then the search is keyword only and
 * says so). Collections holding vectors of two models cannot be ranked as one outside keyword mode (409).
 */
export function searchEmbedder(state: EmbedderState, collections: readonly Collection[], mode: SearchMode): {embedder?: Embedder; problem: string} {
	const models = new Set(collections.flatMap(collection => (collection.modelId ? [`${collection.modelId}/${collection.dims}`] : [])));
	if (models.size > 1 && mode !== 'keyword') {
		// Cosine similarities of two models do not compare: one ranking over them would be meaningless.
		throw conflict(`collections ${collections.map(collection => `'${collection.name}' (${collection.modelId ?? 'no vectors'})`).join(', ')} hold vectors of different models: search them one at a time, or with mode keyword`);
	}

	if (state.status !== 'ready') {
		return {problem: state.status === 'loading' ? `the model ${state.modelId} is still loading` : state.reason};
	}

	const other = collections.find(collection => collection.modelId && (collection.modelId !== state.embedder.modelId || collection.dims !== state.embedder.dims));
	return other
		? {problem: `collection '${other.name}' holds vectors of ${other.modelId}, but the loaded model is ${state.embedder.modelId}`}
		: {embedder: state.embedder, problem: ''};
}
