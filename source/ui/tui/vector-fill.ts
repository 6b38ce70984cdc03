import type {CollectionStats} from '../../client/api-types.js';

/**
 * "vectors 1,200/3,400 (35%)" while a collection's vectors are still being filled in (chunks stored before a
 * model loaded, or faster than the model embeds them); undefined when every chunk has its vector or the
 * daemon gives no stats.
 */
export function vectorFill(stats: Pick<CollectionStats, 'vectors' | 'chunks'> | undefined, embedderStatus: string | undefined): string | undefined {
	if (!stats || stats.vectors >= stats.chunks) {
		return undefined;
	}

	const done = `vectors ${stats.vectors.toLocaleString('en-US')}/${stats.chunks.toLocaleString('en-US')} (${Math.floor((stats.vectors / stats.chunks) * 100)}%)`;
	return embedderStatus === 'ok' ? done : `${done}, waiting for the model`;
}
