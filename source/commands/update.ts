import {connect} from '../client/connect.js';
import {waitForModel} from '../client/wait-for-model.js';
import type {Io} from '../cli/io.js';
import {flag, type Invocation} from '../cli/spec.js';
import {runJob} from './run-job.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const collection = invocation.options.collection as string | undefined;
	const client = await connect({onNotice: io.note});
	await waitForModel(client, {onNotice: io.note});
	const {job} = await client.startUpdateJob({...(collection === undefined ? {} : {collection}), mode: flag(invocation, 'force') ? 'force' : 'default'});
	return runJob(client, job, invocation.json, io);
}
