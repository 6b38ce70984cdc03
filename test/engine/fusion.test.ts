import test from 'ava';
import {confidence, convexFusion, convexSemanticWeight, demote, demoteBoilerplate, fuse, fusionParts, reciprocalRankFusion, scaleDepth, semanticWeight} from '../../daemon/engine/search/fusion.js';
import {fusionWeights} from '../../daemon/engine/search/fusion-weights.js';
import type {Candidate} from '../../daemon/engine/storage/types.js';

const list = (...entries: Array<[number, number]>): Candidate[] => entries.map(([rowid, score]) => ({rowid, score}));
const order = (ranked: readonly Candidate[]) => ranked.map(hit => hit.rowid);

test('RRF: a hit high in both lists beats one that tops only one list', t => {
	const semantic = list([1, 0.9], [2, 0.8], [3, 0.7]);
	const keyword = list([4, 12], [2, 11], [5, 3]);
	const fused = reciprocalRankFusion([semantic, keyword]);
	t.deepEqual(order(fused), [2, 1, 4, 3, 5]);
	t.is(fused[0]!.score, (1 / 62) + (1 / 62));
	t.is(fused[1]!.score, 1 / 61);
});

test('RRF and convex: with one list empty the other keeps its order (no worse than the half that answered)', t => {
	const keyword = list([7, 30], [3, 20], [9, 1]);
	t.deepEqual(order(reciprocalRankFusion([[], keyword])), [7, 3, 9]);
	t.deepEqual(order(convexFusion([[], keyword], [0.5, 0.5])), [7, 3, 9]);
});

test('convex: scores are min-max scaled per list, absent hits get 0, the margin counts', t => {
	// Semantic barely prefers 2 over 1; keyword strongly prefers 1: 1 wins, where RRF would tie them.
	const semantic = list([2, 0.8], [1, 0.79], [3, 0.4]);
	const keyword = list([1, 20], [2, 2], [4, 0]);
	const fused = convexFusion([semantic, keyword], [0.5, 0.5]);
	t.deepEqual(order(fused), [1, 2, 3, 4]);
	t.is(fused.find(hit => hit.rowid === 1)!.score, (0.5 * ((0.79 - 0.4) / 0.4)) + 0.5);
	t.is(fused.find(hit => hit.rowid === 4)!.score, 0, 'last of its only list');
	const rrf = reciprocalRankFusion([semantic, keyword]);
	t.is(rrf[0]!.score, rrf[1]!.score, 'RRF sees only places: 1st+2nd either way');
});

test('convex: one candidate or all tied get full marks; weights shift the balance', t => {
	t.deepEqual(convexFusion([list([5, 0.3])], [1]), list([5, 1]));
	t.deepEqual(order(convexFusion([list([1, 1], [2, 1])], [1])), [1, 2], 'ties broken by rowid, stable');
	const semantic = list([1, 0.9], [2, 0.1]);
	const keyword = list([2, 9], [1, 1]);
	t.deepEqual(order(convexFusion([semantic, keyword], [0.8, 0.2])), [1, 2]);
	t.deepEqual(order(convexFusion([semantic, keyword], [0.2, 0.8])), [2, 1]);
});

test('fusion never returns a hit twice', t => {
	const semantic = list([1, 0.9], [2, 0.8], [3, 0.7], [4, 0.6]);
	const keyword = list([3, 9], [1, 8], [5, 7], [2, 6]);
	for (const method of ['rrf', 'convex'] as const) {
		const rowids = order(fuse(method, semantic, keyword));
		t.deepEqual([...rowids].sort((a, b) => a - b), [1, 2, 3, 4, 5], method);
	}
});

test('confidence: how far the first hit stands above the first ten, in standard deviations of the list', t => {
	const flat = list(...Array.from({length: 20}, (_, index): [number, number] => [index, 0.5 - (index * 0.001)]));
	const standout = list([1, 20], ...Array.from({length: 19}, (_, index): [number, number] => [index + 2, 2 - (index * 0.01)]));
	t.true(confidence(standout) > 2, String(confidence(standout)));
	t.true(confidence(flat) < 1, String(confidence(flat)));
	t.is(confidence(list([1, 3])), 0, 'one hit');
	t.is(confidence(list([1, 3], [2, 3])), 0, 'all tied');
	// Three ties of 0.1 average to 0.10000000000000002: a deviation of rounding alone, which divided the first hit's
	// "lead" (-1.4e-17) into a confidence of -1 and moved the query's weight (a tied keyword list, issue 37).
	t.is(confidence(list([1, 0.1], [2, 0.1], [3, 0.1])), 0, 'tied to rounding');
	t.is(semanticWeight(list([1, 0.9], [2, 0.9]), list([1, 0.1], [2, 0.1], [3, 0.1])), convexSemanticWeight);
	const deviation = Math.sqrt((((3 - 2) ** 2) + ((1 - 2) ** 2)) / 2);
	t.is(confidence(list([1, 3], [2, 1])), (3 - 2) / deviation);
});

test('convex fusion trusts the half that is surer of its first hit, within 0.2 to 0.8', t => {
	const flat = list(...Array.from({length: 20}, (_, index): [number, number] => [index, 0.5 - (index * 0.001)]));
	const standout = list([100, 20], ...Array.from({length: 19}, (_, index): [number, number] => [index + 101, 2 - (index * 0.01)]));
	t.true(semanticWeight(flat, standout) < convexSemanticWeight, 'a keyword list with a standout first hit gets more say');
	t.true(semanticWeight(standout, flat) > convexSemanticWeight);
	t.is(semanticWeight(flat, flat), convexSemanticWeight, 'equally sure: the default');
	const extreme = list([1, 1000], ...Array.from({length: 30}, (_, index): [number, number] => [index + 2, 1]));
	t.is(semanticWeight(extreme, flat), 0.8);
	t.is(semanticWeight(flat, extreme), 0.2);
	const weight = semanticWeight(flat, standout);
	t.deepEqual(fuse('convex', flat, standout), convexFusion([flat, standout], [weight, 1 - weight]));
});

test('demote: the given rows keep half their lead over the floor and fall in place, other rows keep theirs', t => {
	const keyword = list([1, 10], [2, 8], [3, 6]);
	t.deepEqual(demote(keyword, new Set([1])), list([2, 8], [3, 6], [1, 5]), 'BM25: halved');
	t.deepEqual(demote(keyword, new Set()), keyword);
	const semantic = list([1, 0.6], [2, 0.4], [3, -0.2]);
	t.deepEqual(demote(semantic, new Set([1, 3]), -0.2).map(hit => [hit.rowid, hit.score.toFixed(2)]), [[2, '0.40'], [1, '0.20'], [3, '-0.20']], 'the floor itself stays');
});

test('boilerplate: BM25 halved, a cosine half of its lead over the list\'s floor, so the other hits keep their scaled scores', t => {
	const semantic = list([1, 0.9], [2, 0.85], [3, 0.8], [4, 0.7]); // halving 0.85 itself would set the floor at 0.425
	const keyword = list([2, 10], [3, 9], [5, 2]);
	const [demotedSemantic, demotedKeyword] = demoteBoilerplate(semantic, keyword, new Set([2]));
	t.deepEqual(demotedKeyword, list([3, 9], [2, 5], [5, 2]));
	t.deepEqual(demotedSemantic.map(hit => [hit.rowid, hit.score.toFixed(3)]), [[1, '0.900'], [3, '0.800'], [2, '0.775'], [4, '0.700']]);
	const scaled = (ranked: readonly Candidate[]) => new Map(convexFusion([ranked], [1]).map(hit => [hit.rowid, hit.score]));
	const [before, after] = [scaled(semantic), scaled(demotedSemantic)];
	t.true(Math.abs(after.get(2)! - (before.get(2)! / 2)) < 1e-12, 'the demoted hit scales to half');
	for (const rowid of [1, 3, 4]) {
		t.is(after.get(rowid), before.get(rowid), `row ${rowid} keeps its scaled score`);
	}
});

test('the first hits of a fusion do not depend on how deep the lists go beyond scaleDepth (top_k 10 and 100 agree)', t => {
	const deep = (offset: number, score: (index: number) => number) => list(...Array.from({length: 300}, (_, index): [number, number] => [offset + ((index * 7) % 300), score(index)]));
	const semantic = deep(0, index => 0.9 - (index * 0.001)); // cosines in a narrow band
	const keyword = deep(150, index => 30 * (0.96 ** index)); // BM25 falls fast
	const boilerplate = new Set([0, 7, 164]); // 164 is the keyword list's third: halved, it stays among its first 50
	const fused = (depth: number) => fuse('convex', ...demoteBoilerplate(semantic.slice(0, depth), keyword.slice(0, depth), boilerplate)).slice(0, 20);
	t.is(scaleDepth, 50);
	t.deepEqual(order(fused(300)), order(fused(scaleDepth)));
	t.deepEqual(fused(300).map(hit => hit.score), fused(scaleDepth).map(hit => hit.score));
});

test('fusion weights by model family: a better model\'s similarities get their family\'s weight, an unknown model the middle ground', t => {
	const flat = list(...Array.from({length: 20}, (_, index): [number, number] => [index, 0.5 - (index * 0.001)]));
	for (const model of ['bge-small-en-v1.5', 'e5-small-v2', 'all-MiniLM-L6-v2', 'some-folder', undefined]) {
		const weights = fusionWeights(model);
		t.is(semanticWeight(flat, flat, weights), weights.semantic, String(model));
		t.true(weights.range[0] <= weights.semantic && weights.semantic <= weights.range[1], String(model));
	}

	t.deepEqual(fusionWeights(undefined), fusionWeights('some-folder'));
	t.is(fusionWeights(undefined).semantic, convexSemanticWeight);
});

test('a hit both halves found above their floor counts 1 + both times one found by one half (whose parts are divided: scores stay within 0 to 1)', t => {
	const semantic = list([1, 0.9], [2, 0.6], [3, 0.5]); // 3 is the floor: scaled to 0
	const keyword = list([4, 10], [2, 6], [3, 5], [5, 2]);
	const plain = {semantic: 0.6, trustStep: 0, range: [0.2, 0.8] as const, both: 0};
	const bonus = {...plain, both: 0.5};
	const [semanticPlain, keywordPlain] = fusionParts('convex', semantic, keyword, plain);
	const [semanticBonus, keywordBonus] = fusionParts('convex', semantic, keyword, bonus);
	t.is(semanticBonus.get(2), semanticPlain.get(2), 'found by both');
	t.is(keywordBonus.get(2), keywordPlain.get(2));
	t.is(semanticBonus.get(1), semanticPlain.get(1)! / 1.5, 'semantic only');
	t.is(keywordBonus.get(4), keywordPlain.get(4)! / 1.5, 'keyword only');
	t.is(keywordBonus.get(3), keywordPlain.get(3)! / 1.5, 'in both lists, but at the semantic floor: no agreement to reward');
	t.deepEqual(order(fuse('convex', semantic, keyword, plain)), [1, 4, 2, 3, 5]);
	t.deepEqual(order(fuse('convex', semantic, keyword, bonus)), [1, 2, 4, 3, 5], 'agreement lifts 2 above the keyword list\'s first');
	const sum = (parts: ReadonlyMap<number, number>, rowid: number) => parts.get(rowid) ?? 0;
	for (const hit of fuse('convex', semantic, keyword, bonus)) {
		t.is(hit.score, sum(semanticBonus, hit.rowid) + sum(keywordBonus, hit.rowid), `the parts (--explain) add up to the score of ${hit.rowid}`);
		t.true(hit.score >= 0 && hit.score <= 1, `a convex score stays within 0 to 1 (${hit.score})`);
	}
});

test('the model families swept on SciFact: bge rewards agreement and leans on its similarities, an unknown model keeps plain 0.5 fusion', t => {
	const bge = fusionWeights('bge-small-en-v1.5');
	t.true(bge.semantic > convexSemanticWeight, 'the better model earns more weight');
	t.true(bge.both > 0);
	t.deepEqual(fusionWeights(undefined), {semantic: 0.5, trustStep: 0.1, range: [0.2, 0.8], both: 0});
});
