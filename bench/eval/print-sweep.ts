// The fusion sweep's report (npm run eval -- --sweep): the model's weights now, the best settings on the tune half
// with their held-out figures, the best per base weight, and RRF at each k.
import type {DaemonClient} from '../../source/client/daemon-client.js';
import type {FusionWeights} from '../../daemon/engine/search/fusion.js';
import type {Scores} from './evaluate.js';
import {sweepFusion, type SweepRow} from './fusion-sweep.js';
import type {QuerySet} from './query-set.js';

export async function printSweep(client: DaemonClient, set: QuerySet, collection: string, current: FusionWeights, row: (label: string, scores: Scores) => string, listsFile?: string): Promise<void> {
	const {current: now, demotedBefore, halvedAfter, convex, rrf} = await sweepFusion(client, set, collection, current, listsFile);
	const byTune = [...convex].sort((a, b) => b.scores.tune - a.scores.tune);
	const print = (rows: readonly SweepRow[]) => {
		for (const {label, scores} of rows) {
			console.log(row(label, scores));
		}
	};

	console.log('\nfusion settings (client-side, the daemon\'s fusion functions over the first 50 chunks of each list; columns as above):');
	console.log('this model\'s weights now; the same with boilerplate demoted as before issue 35 (its scores halved), and with its parts halved after scaling:');
	print([now, demotedBefore, halvedAfter]);
	console.log(`best 10 of ${convex.length} convex settings on the tune half:`);
	print(byTune.slice(0, 10));
	console.log('best on the tune half for each base semantic weight:');
	print([...new Set(convex.map(sweep => sweep.weights!.semantic))].map(semantic => byTune.find(sweep => sweep.weights!.semantic === semantic)!));
	console.log('best on the tune half for each bonus for hits both halves found (×1: plain convex):');
	print([...new Set(convex.map(sweep => sweep.weights!.both))].map(both => byTune.find(sweep => sweep.weights!.both === both)!));
	console.log('fixed weights (no per-query trust, no bonus):');
	print(convex.filter(sweep => sweep.weights!.trustStep === 0 && sweep.weights!.both === 0));
	console.log('reciprocal rank fusion:');
	print(rrf);
}
