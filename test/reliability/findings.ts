import type {ExecutionContext} from 'ava';
import type {Tally} from '../../bench/reliability/tally.js';

/** Asserts that no check of these findings failed, and says which did and how. */
export function noFailures(t: ExecutionContext, tally: Tally, findings: readonly string[]): void {
	const failed = tally.failedChecks().filter(check => findings.includes(check.finding));
	t.deepEqual(failed.map(check => `[${check.finding}] ${check.name}: ${check.failed} failed, e.g. ${check.examples[0] ?? ''}`), []);
}

/** Asserts that the must-be-0 figures are 0. */
export function mustBeZero(t: ExecutionContext, tally: Tally, figures: ReadonlyArray<'serverErrors' | 'crashes' | 'lost' | 'half' | 'unauthorised'>): void {
	t.deepEqual(Object.fromEntries(figures.map(figure => [figure, tally[figure]])), Object.fromEntries(figures.map(figure => [figure, 0])));
}
