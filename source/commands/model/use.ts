import {existsSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {connect} from '../../client/connect.js';
import type {DaemonClient} from '../../client/daemon-client.js';
import type {Job, ModelUseAnswer} from '../../client/api-types.js';
import {exitCodes} from '../../cli/exit-codes.js';
import type {Io} from '../../cli/io.js';
import {flag, type Invocation} from '../../cli/spec.js';
import {count, percent} from '../../ui/format.js';

/** Progress lines of --wait at most this often. */
const lineIntervalMs = 1000;

/**
 * `md-vector model use MODEL [-C COLLECTION] [--wait]`: the switches run in the daemon, as jobs; this says what
 * each collection does, and with --wait follows them to their end (Ctrl-C cancels them: the old model keeps serving).
 */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const collection = invocation.options.collection as string | undefined;
	const client = await connect({onNotice: io.note});
	const answer = await client.useModel({model: modelArgument(invocation.args[0]!), ...(collection === undefined ? {} : {collection})});
	if (!invocation.json) {
		io.out(describe(answer, io));
	}

	if (!flag(invocation, 'wait')) {
		return answer;
	}

	const jobs = await follow(client, answer, io);
	return {...answer, jobs};
}

/**
 * A model folder on this machine is sent as an absolute path (the daemon reads it); a hub id or a model's name as
 * it is. A remote daemon (MD_VECTOR_URL) gets what was typed: its folders are not this machine's.
 */
function modelArgument(given: string): string {
	if (Boolean(process.env.MD_VECTOR_URL) || path.isAbsolute(given)) {
		return given;
	}

	if (given === '~' || given.startsWith('~/')) {
		return path.join(os.homedir(), given.slice(1));
	}

	// A folder here (./models/x, models/x) is resolved; a hub id (org/name) or a name is sent as typed.
	const hubId = /^[A-Za-z\d][\w.-]*\/[A-Za-z\d][\w.-]*$/.test(given);
	const folder = given.startsWith('.') || (existsSync(given) && statSync(given).isDirectory()) || (given.includes('/') && !hubId);
	return folder ? path.resolve(given) : given;
}

/** One line per collection (and the default model), saying what happens and what to run next. */
function describe(answer: ModelUseAnswer, io: Io): string {
	const {style} = io;
	const lines: string[] = [];
	const {model} = answer;
	if (answer.default) {
		const was = answer.default.previous && answer.default.previous !== model ? ` (was ${answer.default.previous})` : '';
		lines.push(`${style.green('default model')}: ${model}${was}, for new collections; recorded as the model setting in ${answer.default.file}`);
		if (answer.default.overridden_by) {
			io.note(`note: the daemon's ${answer.default.overridden_by} still chooses its model at its next start: change or unset it to keep ${model}`);
		}
	}

	for (const entry of answer.collections) {
		const chunks = `${count(entry.chunks)} chunks`;
		if (entry.action === 'uses') {
			lines.push(`${entry.collection}: already uses ${model}: nothing to do`);
		} else if (entry.action === 'cancelled') {
			lines.push(`${entry.collection}: already uses ${model}: ${style.yellow('the switch to')} ${entry.replaced} was cancelled; ${model} keeps serving`);
		} else {
			const replacing = entry.replaced ? ` (replacing the switch to ${entry.replaced})` : '';
			lines.push(`${entry.collection}: ${style.green('switching')} from ${entry.from ?? 'no vectors yet'} to ${model}${replacing}, ${chunks}, in the background; searches answer from ${entry.from ?? 'keywords'} until it completes`);
		}
	}

	if (answer.collections.length === 0) {
		lines.push(answer.default ? 'no collections yet: new ones use it' : 'nothing to switch');
	} else if (answer.collections.some(entry => entry.action === 'switching')) {
		lines.push(style.dim('md-vector status shows the progress; md-vector model use <its model> -C <collection> cancels a switch'));
	}

	return `${lines.join('\n')}\n`;
}

/** Follows each switch to its end, a line of progress at most every second; Ctrl-C cancels them all. */
async function follow(client: DaemonClient, answer: ModelUseAnswer, io: Io): Promise<Job[]> {
	const ids = answer.collections.flatMap(entry => (entry.job_id ? [entry.job_id] : []));
	let cancelled = false;
	const cancel = () => {
		if (!cancelled) {
			cancelled = true;
			io.note('cancelling: the batch being embedded is finished first; the old model keeps serving…');
			for (const id of ids) {
				void client.cancelJob(id).catch(() => undefined);
			}
		}
	};

	process.on('SIGINT', cancel);
	const finished: Job[] = [];
	try {
		const printed = {at: 0};
		for (const id of ids) {
			finished.push(await client.followJob(id, job => {
				const progress = job.model_switch;
				if (progress && Date.now() - printed.at >= lineIntervalMs) {
					printed.at = Date.now();
					io.note(`${job.collection}: ${count(progress.done)} of ${count(progress.total)} chunks (${percent(progress.done, progress.total)}) embedded with ${progress.to}`);
				}
			}));
		}
	} finally {
		process.off('SIGINT', cancel);
	}

	for (const job of finished) {
		const outcome = job.model_switch?.outcome;
		if (job.state === 'failed') {
			process.exitCode = exitCodes.failure;
			io.note(`md-vector: the switch of ${job.collection} failed: ${job.error ?? 'unknown error'}`);
		} else if (outcome === 'swapped') {
			io.out(`${job.collection}: ${io.style.green('switched')} to ${job.model_switch!.to}: searches answer from it now\n`);
		} else {
			process.exitCode = job.cancelled_by === 'request' ? exitCodes.cancelled : exitCodes.failure;
			io.out(`${job.collection}: ${outcome === 'stopped' ? 'stopped with the daemon: its next start resumes it' : `cancelled: ${job.model_switch?.from ?? 'the old model'} keeps serving`}\n`);
		}
	}

	return finished;
}
