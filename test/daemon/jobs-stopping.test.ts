// A stopping daemon takes no new job: the job registry refuses with its own error (no HTTP in jobs/), which the
// HTTP edge answers as 503 `stopping` with Retry-After.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {RetryLater} from '../../daemon/engine/errors.js';
import {JobRegistry} from '../../daemon/jobs/job-registry.js';
import {serveApp} from '../helpers/app.js';
import {temporaryDirectory} from '../helpers/paths.js';

test('the registry, once finishing its jobs, refuses a new one with a domain error to retry later', async t => {
	const jobs = new JobRegistry();
	await jobs.finishAll();
	const error = await t.throwsAsync(jobs.start('c', '/d', async () => {
		throw new Error('never run');
	}));
	t.true(error instanceof RetryLater);
	t.like(error, {code: 'stopping', status: 503, retryAfterSeconds: 5});
});

test('POST /jobs/ingest-directory while the daemon stops: 503 stopping with Retry-After 5, and no job is listed', async t => {
	const root = temporaryDirectory('md-vector-jobs-');
	const app = await serveApp({allowedRoots: () => [root]});
	t.teardown(async () => app.close());
	const folder = path.join(root, 'notes');
	mkdirSync(folder, {recursive: true});
	writeFileSync(path.join(folder, 'a.md'), '# A\n\nalpha\n');
	await app.deps.jobs.finishAll();
	const refused = await app.request('POST', '/api/v1/jobs/ingest-directory', {body: {directory: folder, collection: 'notes'}});
	t.is(refused.status, 503);
	t.is(refused.body.error.code, 'stopping');
	t.regex(refused.body.error.message, /the daemon is stopping/);
	t.is(refused.headers['retry-after'], '5');
	t.deepEqual((await app.request('GET', '/api/v1/jobs')).body.jobs, []);
});
