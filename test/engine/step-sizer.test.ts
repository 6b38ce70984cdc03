// A build step's size follows the measured cost per vector, so that a step lasts about its target whatever the
// index kind: searches wait for one step at most (index-build.ts).
import test from 'ava';
import {StepSizer} from '../../daemon/engine/storage/embedded/vector-index/step-sizer.js';

test('steps start at the smallest size and grow to last about the target', t => {
	const sizer = new StepSizer({targetMs: 20, min: 16, max: 2000});
	t.is(sizer.next, 16);
	sizer.record(16, 1.6); // 0.1 ms a vector: 200 fit in 20 ms
	t.is(sizer.next, 200);
});

test('a dearer index gets smaller steps, never below the minimum nor above the maximum', t => {
	const sizer = new StepSizer({targetMs: 20, min: 16, max: 2000});
	sizer.record(16, 32); // 2 ms a vector
	t.is(sizer.next, 16);
	const cheap = new StepSizer({targetMs: 20, min: 16, max: 2000});
	cheap.record(16, 0.016); // a flat index: 1 µs a vector
	t.is(cheap.next, 2000);
});

test('one slow step moves the size by a part only (a search or a write held the thread)', t => {
	const sizer = new StepSizer({targetMs: 20, min: 16, max: 2000});
	sizer.record(100, 10); // 0.1 ms a vector
	t.is(sizer.next, 200);
	sizer.record(200, 200); // 1 ms a vector once: smoothed to 0.37
	t.is(sizer.next, 54);
	for (let step = 0; step < 20; step++) {
		sizer.record(sizer.next, sizer.next * 0.1);
	}

	t.true(sizer.next >= 190 && sizer.next <= 200, `back near 200 once steps cost 0.1 ms a vector again: ${sizer.next}`);
});

test('a fixed size stays whatever the steps cost', t => {
	const sizer = new StepSizer({targetMs: 20, min: 16, max: 2000, fixed: 1});
	sizer.record(1, 500);
	t.is(sizer.next, 1);
});
