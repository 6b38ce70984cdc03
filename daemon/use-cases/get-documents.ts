// Several documents at once (`md-vector get PATTERN...`, POST /documents/get, MCP's get_documents): names and
// globs over the collection's stored names, each document whole with its front matter; those larger than
// maxBytes, or past what one answer carries, are listed as skipped; patterns that match nothing are listed too.
import {getManyLimits, isGlob} from '../../common/get/get-many-limits.js';
import {firstGlobProblem} from '../../common/glob/glob-limits.js';
import {MatchBudget, MatchBudgetError, namesMatching} from '../../common/glob/match-budget.js';
import {checkNameGlob, nameGlobMatcher} from '../../common/glob/name-glob.js';
import type {Engine} from '../engine/engine.js';
import type {DocumentLines} from '../engine/documents/get-document.js';
import type {Actor} from './actor.js';
import {onCollections} from './collection-choice.js';
import {DomainError, invalidInput} from './errors.js';
import {operations} from './operations.js';

export type ManyRequest = {readonly collection: string; readonly patterns: readonly string[]; readonly maxBytes?: number};

export type ManyAnswer = {
	readonly collection: string;
	readonly documents: ReadonlyArray<DocumentLines & {readonly file: string; readonly collection: string; readonly byteSize: number}>;
	readonly skipped: ReadonlyArray<{readonly file: string; readonly byteSize: number; readonly reason: 'too_large' | 'limit'}>;
	readonly unmatched: readonly string[];
};

export async function getDocuments(engine: Engine, actor: Actor, {collection, patterns, maxBytes}: ManyRequest): Promise<ManyAnswer> {
	return onCollections(engine, actor, operations.getDocument, [collection], async () => {
		const globs = globMatchers(patterns);
		const names = (await engine.documents(collection)).map(document => document.file).sort();
		const files: string[] = [];
		const unmatched: string[] = [];
		const budget = new MatchBudget();
		for (const pattern of patterns) {
			// One pattern at a time keeps the order they were given in.
			const glob = globs.get(pattern);
			const found = glob ? await matching(names, glob, budget) : await named(engine, collection, names, pattern);
			if (found.length === 0) {
				unmatched.push(pattern);
			}

			files.push(...found.filter(file => !files.includes(file)));
		}

		const documents: Array<ManyAnswer['documents'][number]> = [];
		const skipped: Array<ManyAnswer['skipped'][number]> = [];
		for (const file of files) {
			// Read one at a time: memory holds what the answer holds, no more.
			const info = await engine.document(collection, file);
			if (!info) {
				continue; // deleted meanwhile
			}

			if (maxBytes !== undefined && info.byteSize > maxBytes) {
				skipped.push({file, byteSize: info.byteSize, reason: 'too_large'});
			} else if (documents.length >= getManyLimits.documents) {
				skipped.push({file, byteSize: info.byteSize, reason: 'limit'});
			} else {
				documents.push({...await engine.getDocument(collection, file, {}), byteSize: info.byteSize});
			}
		}

		return {collection, documents, skipped, unmatched};
	});
}

/** Every glob among the patterns compiled before anything is read: one past a limit is a 400 naming it. */
function globMatchers(patterns: readonly string[]): Map<string, (name: string) => boolean> {
	const globs = patterns.filter(pattern => isGlob(pattern));
	const problem = firstGlobProblem(globs, checkNameGlob);
	if (problem) {
		throw invalidInput(`patterns: ${problem}`);
	}

	return new Map(globs.map(glob => [glob, nameGlobMatcher(glob)]));
}

/** The names a glob matches, matched in slices under the request's budget (a 400 past it). */
async function matching(names: readonly string[], glob: (name: string) => boolean, budget: MatchBudget): Promise<string[]> {
	try {
		return await namesMatching(names, [glob], budget);
	} catch (error) {
		throw error instanceof MatchBudgetError ? invalidInput(`patterns: ${error.message}`) : error;
	}
}

/** A name as given, else what the single get takes for it (a file's absolute path); none when nothing is found. */
async function named(engine: Engine, collection: string, names: readonly string[], pattern: string): Promise<string[]> {
	if (names.includes(pattern)) {
		return [pattern];
	}

	try {
		return [(await engine.getDocument(collection, pattern, {line: 1, count: 1})).file];
	} catch (error) {
		if (error instanceof DomainError && error.status === 404) {
			return [];
		}

		throw error;
	}
}
