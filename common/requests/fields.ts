// The fields several requests share: the collection a request names (the search contract's rule), the same with
// the API's default, and how an ingestion treats unchanged documents.
import {z} from 'zod';
import {defaultCollection, searchFields} from '../search-contract.js';

export const {collection} = searchFields;
/** A collection named, else `default` (REST names one always: the spec's default). */
export const collectionOrDefault = collection.default(defaultCollection);
export const ingestMode = z.enum(['default', 'incremental', 'force'], {error: 'must be \'default\', \'incremental\' or \'force\''});
