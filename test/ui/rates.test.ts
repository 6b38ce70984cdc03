// Issue 37: the progress bar's work (files read, then chunks embedded) and its ETA from the recent rate.
import test from 'ava';
import {describeWork, progressLine, RecentRate, workOf} from '../../source/ui/rates.js';

const base = {total_files: 0, processed_files: 0, indexed: 0, moved: 0, unchanged: 0, failed: 0, chunks: 0};

test('the work is files read while reading, then chunks embedded of an estimate from the files chunked so far', t => {
	t.deepEqual(workOf({...base, phase: 'reading', found_files: 36, read_files: 12}), {phase: 'reading', unit: 'files', done: 12, total: 36});
	// 10 of 40 files chunked into 50 chunks: 5 a file, so about 200 in all; 30 embedded.
	t.deepEqual(workOf({...base, total_files: 40, phase: 'writing', write_files: 40, prepared_files: 10, prepared_chunks: 50, embedded_chunks: 30}), {phase: 'writing', unit: 'chunks', done: 30, total: 200});
	t.deepEqual(workOf({...base, total_files: 40, processed_files: 8}), {phase: 'writing', unit: 'files', done: 8, total: 40}, 'a daemon that reports only commits');
	t.is(workOf(base).phase, 'finding');
});

test('the ETA follows the pace of the last ten seconds, not the average since the start', t => {
	const rate = new RecentRate();
	const work = (done: number) => ({phase: 'writing' as const, unit: 'chunks' as const, done, total: 1000});
	rate.update(work(0), 0);
	rate.update(work(10), 20_000); // slow at first (a model loading)
	rate.update(work(110), 30_000);
	const now = rate.update(work(210), 40_000); // then 10 chunks a second
	t.is(now.perSecond, 10);
	t.is(now.etaSeconds, 79);
	t.deepEqual(rate.update({...work(5), phase: 'reading', unit: 'files'}, 41_000), {perSecond: 0, etaSeconds: Number.POSITIVE_INFINITY}, 'a new phase starts its own pace');
	t.regex(describeWork(work(210), now), /^embedding 210\/~1,000 chunks, 10 chunks\/s, ETA 1 min 19 s$/);
	t.regex(progressLine({...base, total_files: 36, phase: 'reading', found_files: 36, read_files: 3}, new RecentRate(), 0), /^ingest-dir: reading 3\/36 files, 0 files\/s, ETA /);
});
