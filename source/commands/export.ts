import {createWriteStream, statSync} from 'node:fs';
import {rename, rm} from 'node:fs/promises';
import path from 'node:path';
import {pipeline} from 'node:stream/promises';
import type {ExportFormat} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';
import {describeFailure} from '../ui/report-failure.js';

/** The folder must exist and the target must not be a folder: said in the user's words before anything is fetched. */
function checkTarget(output: string): string {
	const target = path.resolve(output);
	const folder = statSync(path.dirname(target), {throwIfNoEntry: false});
	if (!folder?.isDirectory()) {
		throw new Error(`cannot write ${output}: the folder ${path.dirname(target)} does not exist`);
	}

	if (statSync(target, {throwIfNoEntry: false})?.isDirectory()) {
		throw new Error(`cannot write ${output}: it is a folder (give a file name, e.g. ${path.join(output, 'export.json')})`);
	}

	return target;
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const output = stringOption(invocation, 'output');
	const format = stringOption(invocation, 'format') as ExportFormat;
	const collection = stringOption(invocation, 'collection');
	const target = output === '-' ? undefined : checkTarget(output);
	const body = await (await connect({onNotice: io.note})).exportCollection(format, collection);
	if (!target) {
		try {
			await pipeline(body, process.stdout, {end: false});
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EPIPE') { // the reader went away (| head): not a failure
				throw error;
			}
		}

		return undefined;
	}

	// Written beside the target and renamed: an interrupted export never leaves a truncated file behind.
	const temporary = `${target}.${process.pid}.tmp`;
	try {
		await pipeline(body, createWriteStream(temporary));
		await rename(temporary, target);
	} catch (error) {
		await rm(temporary, {force: true});
		// Named for the file the user asked for, not the temporary one.
		throw (error as NodeJS.ErrnoException).path ? new Error(`cannot write ${output}: ${describeFailure(error).message.replace(/^.*: /, '')}`) : error;
	}

	io.out(`exported '${collection}' as ${format} to ${target}\n`);
	return undefined;
}
