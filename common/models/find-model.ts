// A model named by a person (the model setting, MD_VECTOR_MODEL, md-vector model install NAME): a catalogue
// name, a hub id, or a folder; with the nearest known name when it is none of them.
import path from 'node:path';
import {closest, distance} from 'fastest-levenshtein';
import {catalogue} from './catalogue.js';
import type {CatalogueModel} from './catalogue-types.js';

export const catalogueNames: readonly string[] = catalogue.map(model => model.name);

/** The catalogue's model by its name (any case) or its hub id (Xenova/bge-small-en-v1.5). */
export function catalogueModel(name: string): CatalogueModel | undefined {
	const wanted = name.trim().toLowerCase();
	return catalogue.find(model => model.name.toLowerCase() === wanted || model.hubId.toLowerCase() === wanted);
}

/** The known name nearest to a mistyped one, when it is near enough to be what was meant. */
export function nearestModel(word: string): string | undefined {
	const base = word.split('/').at(-1)!.toLowerCase();
	const lower = catalogueNames.map(name => name.toLowerCase());
	const best = closest(base, lower);
	const prefix = lower.find(name => base.length >= 3 && name.startsWith(base));
	const index = prefix === undefined ? (distance(base, best) <= Math.max(1, Math.floor(best.length / 3)) ? lower.indexOf(best) : -1) : lower.indexOf(prefix);
	return index === -1 ? undefined : catalogueNames[index];
}

/** " (did you mean bge-small-en-v1.5?)", or nothing. */
export function didYouMeanModel(word: string): string {
	const best = nearestModel(word);
	return best ? ` (did you mean ${best}?)` : '';
}

export type ModelChoice
	= | {readonly kind: 'folder'; readonly folder: string}
		| {readonly kind: 'catalogue'; readonly model: CatalogueModel}
		| {readonly kind: 'hub'; readonly id: string}
		| {readonly kind: 'unknown'};

const hubId = /^[A-Za-z\d][\w.-]*\/[A-Za-z\d][\w.-]*$/;

/** What the words of the model setting and MD_VECTOR_MODEL may be, for a rule in a message. */
export const modelRule = `must be a model md-vector knows (${catalogueNames.join(', ')}: md-vector model list), an absolute path to a model folder, or a Hugging Face hub id (owner/name)`;

/** Which model a setting's value names. A relative path is not taken here: the caller resolves it against its folder first. */
export function chooseModel(value: string): ModelChoice {
	const text = value.trim();
	if (path.isAbsolute(text)) {
		return {kind: 'folder', folder: path.normalize(text)};
	}

	const known = catalogueModel(text);
	if (known) {
		return {kind: 'catalogue', model: known};
	}

	if (hubId.test(text)) {
		return {kind: 'hub', id: text};
	}

	return {kind: 'unknown'};
}

/** The rule a value chooseModel does not know breaks, with the value and the nearest name. */
export function unknownModel(value: string): string {
	return `${modelRule}, got '${value}'${didYouMeanModel(value.trim())}`;
}
