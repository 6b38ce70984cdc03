import {z} from 'zod';
import {option} from 'pastel';
import {defaultCollection} from '../common/search-contract.js';

/** Options shared by several commands, described once. */
export const collectionOption = z.string().default(defaultCollection).describe(option({description: 'Collection to use', alias: 'C', valueDescription: 'name'}));

export const jsonOption = z.boolean().default(false).describe(option({description: 'Print the result as JSON on stdout (nothing else goes there)'}));

export const incrementalOption = z.boolean().default(false).describe(option({description: 'Skip files whose content is unchanged since they were stored'}));

export const forceOption = z.boolean().default(false).describe(option({description: 'Re-chunk and re-embed even if unchanged'}));
