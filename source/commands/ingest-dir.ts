import {statSync} from 'node:fs';
import path from 'node:path';
import {connect} from '../client/connect.js';
import {UsageError} from '../client/client-errors.js';
import {waitForModel} from '../client/wait-for-model.js';
import type {Io} from '../cli/io.js';
import {flag, listOption, stringOption, type Invocation} from '../cli/spec.js';
import {ingestMode} from '../ingest-mode.js';
import {runJob} from './run-job.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const directory = invocation.args[0]!;
	const mode = ingestMode(invocation);
	// As ingest: a folder that is not there fails (exit 1); a file gets the command that takes one file.
	if (!process.env.MD_VECTOR_URL && statSync(directory).isFile()) {
		throw new UsageError(`${directory} is a file: index one file with md-vector ingest ${directory}`);
	}

	const include = listOption(invocation, 'include');
	const exclude = listOption(invocation, 'exclude');
	const label = invocation.options.label as string | undefined;
	const client = await connect({onNotice: io.note});
	await waitForModel(client, {onNotice: io.note});
	const {job} = await client.startDirectoryJob({
		directory: path.resolve(directory), collection: stringOption(invocation, 'collection'), mode,
		...(include.length > 0 ? {include: [...include]} : {}), ...(exclude.length > 0 ? {exclude: [...exclude]} : {}),
		ignore_files: !flag(invocation, 'no-ignore'), hidden: flag(invocation, 'hidden'), ...(label === undefined ? {} : {label}),
	});
	return runJob(client, job, invocation.json, io);
}
