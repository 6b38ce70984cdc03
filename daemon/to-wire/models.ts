import type {ModelUseAnswer} from '../../common/wire/models.js';
import type {ModelUse} from '../use-cases/models.js';

/** POST /models/use's answer: the model, the default (without a collection), and what became of each collection. */
export function toModelUse(use: ModelUse): ModelUseAnswer {
	const {recorded} = use.default ?? {};
	return {
		model: use.model,
		dimensions: use.dimensions,
		...(use.default
			? {default: {previous: use.default.previous, setting: recorded?.setting ?? null, file: recorded?.file ?? null, overridden_by: recorded?.overriddenBy ?? null}}
			: {}),
		collections: use.collections.map(entry => ({
			collection: entry.collection, from: entry.from, action: entry.action, chunks: entry.chunks, replaced: entry.replaced ?? null, job_id: entry.job?.id ?? null,
		})),
	};
}
