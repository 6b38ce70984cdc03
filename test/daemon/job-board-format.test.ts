// What a shared database's job board keeps of a job (job-board-format.ts, the registry's format) is the job as the
// API shows it (to-wire/jobs.ts): daemons of earlier versions wrote that, and answer what they read from the board as it is.
// Read back, a job is what it was. Each kind of job: running with the work between commits, finished with its
// report and sync report, failed, and a model switch cancelled.
import test from 'ava';
import type {Job} from '../../daemon/jobs/job.js';
import {jobBoardFormat} from '../../daemon/job-board-format.js';
import {toJob} from '../../daemon/to-wire/jobs.js';

const counts = {totalFiles: 3, processedFiles: 2, indexed: 1, moved: 1, unchanged: 0, failed: 0, chunks: 5};
const base = {id: '6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', type: 'ingest-directory', collection: 'notes', directory: '/data/notes', startedAt: '2026-12-07T03:00:00.000Z'} as const;
const report = {
	...counts, processedFiles: 3, cancelled: false,
	files: [{file: 'a.md', status: 'indexed', chunks: 4}, {file: 'b.md', status: 'moved', chunks: 1, from: 'old/b.md'}, {file: 'c.md', status: 'failed', chunks: 0, error: 'too large'}],
	sync: {collections: [{collection: 'notes', sources: [{
		path: '/data/notes', label: 'notes', added: ['a.md'], changed: [], moved: [{from: 'old/b.md', to: 'b.md', edited: false}], renamed: [], removed: ['gone.md'],
		unchanged: 0, failed: [{file: 'c.md', error: 'too large'}], conflicts: [], skipped: {hidden: 2}, skippedExamples: {hidden: ['.a.md', '.b.md']}, error: null,
	}]}]},
} as const;

const jobs: Record<string, Job> = {
	running: {...base, state: 'running', progress: {...counts, phase: 'writing', foundFiles: 3, readFiles: 3, writeFiles: 2, preparedFiles: 2, preparedChunks: 5, embeddedChunks: 4}},
	finished: {...base, type: 'update', state: 'completed', progress: report, report, finishedAt: '2026-12-07T03:01:00.000Z'},
	failed: {...base, state: 'failed', progress: counts, error: 'the disk is full', finishedAt: '2026-12-07T03:01:00.000Z'},
	switch: {
		...base, type: 'model-switch', directory: '', state: 'cancelled', progress: {...counts, chunks: 7}, cancelledBy: 'shutdown',
		modelSwitch: {from: 'tiny', to: 'tiny-48', done: 7, total: 9, outcome: 'stopped'}, finishedAt: '2026-12-07T03:01:00.000Z',
	},
};

for (const [name, job] of Object.entries(jobs)) {
	test(`a job ${name}: stored as the API shows it, and read back as it was`, t => {
		const stored = jobBoardFormat.write(job);
		t.deepEqual(stored, toJob(job));
		const text = JSON.stringify(stored); // as the database keeps it
		t.is(text, JSON.stringify(toJob(job)), 'field for field, in the same order');
		t.deepEqual(toJob(jobBoardFormat.read(JSON.parse(text) as typeof stored)), toJob(job));
	});
}

/** The board's JSON of each job, as written before the board took the API's mapping (1df7b1a's jobs/stored-job.ts): daemons of other versions read it. */
const written: Record<string, string> = {
	running: '{"id":"6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f","collection":"notes","directory":"/data/notes","type":"ingest-directory","state":"running","progress":{"total_files":3,"processed_files":2,"indexed":1,"moved":1,"unchanged":0,"failed":0,"chunks":5,"phase":"writing","found_files":3,"read_files":3,"write_files":2,"prepared_files":2,"prepared_chunks":5,"embedded_chunks":4},"started_at":"2026-12-07T03:00:00.000Z"}',
	finished: '{"id":"6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f","collection":"notes","directory":"/data/notes","type":"update","state":"completed","progress":{"total_files":3,"processed_files":3,"indexed":1,"moved":1,"unchanged":0,"failed":0,"chunks":5,"cancelled":false,"files":[{"file":"a.md","status":"indexed","chunks":4},{"file":"b.md","status":"moved","chunks":1,"from":"old/b.md"},{"file":"c.md","status":"failed","chunks":0,"error":"too large"}],"sync":{"collections":[{"collection":"notes","sources":[{"path":"/data/notes","label":"notes","added":["a.md"],"changed":[],"moved":[{"from":"old/b.md","to":"b.md","edited":false}],"renamed":[],"removed":["gone.md"],"unchanged":0,"failed":[{"file":"c.md","error":"too large"}],"conflicts":[],"skipped":{"hidden":2},"error":null,"skipped_examples":{"hidden":[".a.md",".b.md"]}}]}]}},"started_at":"2026-12-07T03:00:00.000Z","report":{"total_files":3,"processed_files":3,"indexed":1,"moved":1,"unchanged":0,"failed":0,"chunks":5,"cancelled":false,"files":[{"file":"a.md","status":"indexed","chunks":4},{"file":"b.md","status":"moved","chunks":1,"from":"old/b.md"},{"file":"c.md","status":"failed","chunks":0,"error":"too large"}],"sync":{"collections":[{"collection":"notes","sources":[{"path":"/data/notes","label":"notes","added":["a.md"],"changed":[],"moved":[{"from":"old/b.md","to":"b.md","edited":false}],"renamed":[],"removed":["gone.md"],"unchanged":0,"failed":[{"file":"c.md","error":"too large"}],"conflicts":[],"skipped":{"hidden":2},"error":null,"skipped_examples":{"hidden":[".a.md",".b.md"]}}]}]}},"finished_at":"2026-12-07T03:01:00.000Z"}',
	failed: '{"id":"6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f","collection":"notes","directory":"/data/notes","type":"ingest-directory","state":"failed","progress":{"total_files":3,"processed_files":2,"indexed":1,"moved":1,"unchanged":0,"failed":0,"chunks":5},"started_at":"2026-12-07T03:00:00.000Z","error":"the disk is full","finished_at":"2026-12-07T03:01:00.000Z"}',
	switch: '{"id":"6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f","collection":"notes","directory":"","type":"model-switch","model_switch":{"from":"tiny","to":"tiny-48","done":7,"total":9,"outcome":"stopped"},"state":"cancelled","progress":{"total_files":3,"processed_files":2,"indexed":1,"moved":1,"unchanged":0,"failed":0,"chunks":7},"started_at":"2026-12-07T03:00:00.000Z","cancelled_by":"shutdown","finished_at":"2026-12-07T03:01:00.000Z"}',
};

for (const [name, job] of Object.entries(jobs)) {
	test(`a job ${name}: kept on the board as daemons of other versions read it`, t => {
		t.is(JSON.stringify(jobBoardFormat.write(job)), written[name]!);
	});
}

test('the API\'s job: snake_case, a finished job\'s progress is its whole report', t => {
	t.like(toJob(jobs.finished!), {
		started_at: base.startedAt, finished_at: '2026-12-07T03:01:00.000Z',
		progress: {total_files: 3, processed_files: 3, cancelled: false, files: report.files},
		report: {sync: {collections: [{sources: [{skipped_examples: {hidden: ['.a.md', '.b.md']}}]}]}},
	});
	t.like(toJob(jobs.switch!), {cancelled_by: 'shutdown', model_switch: {outcome: 'stopped'}});
	t.false('skippedExamples' in toJob(jobs.finished!).report!.sync!.collections[0]!.sources[0]!);
});
