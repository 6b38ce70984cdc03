// Options several commands share, and the checks of values, described once for parsing, help and completions.
import {getManyLimits} from '../../common/get/get-many-limits.js';
import {defaultCollection, searchLimits} from '../../common/search-defaults.js';
import {databaseUrlRule, isDatabaseUrl} from '../../common/settings/database-url.js';
import type {OptionSpec} from './spec.js';

export const collection: OptionSpec = {name: 'collection', short: 'C', value: 'name', description: 'collection to use', default: defaultCollection};
export const incremental: OptionSpec = {name: 'incremental', description: 'skip files whose content is unchanged since they were stored'};
export const force: OptionSpec = {name: 'force', description: 're-chunk and re-embed even unchanged files'};

/** A whole number from min to max, else the rule it breaks. */
export const wholeNumber = (min: number, max: number) => (value: string) => {
	const number = Number(value);
	return /^\d+$/.test(value) && number >= min && number <= max ? undefined : `must be a whole number from ${min} to ${max}`;
};

export const checkTopK = wholeNumber(searchLimits.topKMin, searchLimits.topKMax);
/** --min-score: any number (scores are BM25, cosine or fused, by mode). */
export const checkMinScore = (value: string) => (value.trim() !== '' && Number.isFinite(Number(value)) ? undefined : 'must be a number, e.g. 0.5');
export const checkMaxBytes = (value: string) => (wholeNumber(1, getManyLimits.maxBytes)(value) ? `must be a whole number of bytes from 1 to ${getManyLimits.maxBytes}` : undefined);
/** `--where KEY=VALUE`: a field name, then `=`. */
export const checkWhere = (value: string) => (/^[^=]*[^=\s][^=]*=/.test(value) ? undefined : 'must be KEY=VALUE (a front matter field and its value, as status=draft)');
export const checkPort = (value: string) => (wholeNumber(0, 65_535)(value) ? 'must be a port number from 0 to 65535' : undefined);

export const checkDatabaseUrl = (value: string) => (isDatabaseUrl(value) ? undefined : databaseUrlRule);

/** The daemon's field names for the options above. */
export const collectionWords = {collection: '-C'} as const;
