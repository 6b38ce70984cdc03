import type {Engine} from '../../daemon/engine/engine.js';
import type {CollectionStats} from '../../common/wire/collections.js';
import {toCollectionStats} from '../../daemon/to-wire/collections.js';

/** A collection's stats as GET /stats names them (index_vectors, index_kind...), for assertions. */
export async function statsOf(engine: Engine, collection: string): Promise<CollectionStats> {
	return toCollectionStats(await engine.stats(collection));
}
