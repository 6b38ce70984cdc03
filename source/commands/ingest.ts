import {statSync} from 'node:fs';
import path from 'node:path';
import {connect} from '../client/connect.js';
import {UsageError} from '../client/client-errors.js';
import {waitForModel} from '../client/wait-for-model.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';
import {ingestMode} from '../ingest-mode.js';
import {plural} from '../ui/format.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const file = invocation.args[0]!;
	const mode = ingestMode(invocation);
	// Checked here when the daemon reads this machine's disk (one elsewhere reads its own): a file that is not
	// there fails (exit 1, as a missing document does), a folder gets the command that takes folders.
	if (!process.env.MD_VECTOR_URL && statSync(file).isDirectory()) {
		throw new UsageError(`${file} is a folder: index a folder with md-vector ingest-dir ${file}${invocation.options.collection === 'default' ? '' : ` -C ${stringOption(invocation, 'collection')}`}`);
	}

	const client = await connect({onNotice: io.note});
	await waitForModel(client, {onNotice: io.note});
	const result = await client.ingest({
		file_path: path.resolve(file), file_name: invocation.options.name as string | undefined, collection: stringOption(invocation, 'collection'), mode,
	});
	if (invocation.json) {
		return result;
	}

	io.out(result.outcome === 'unchanged'
		? `${io.style.yellow('unchanged')} ${result.file}: ${plural(result.chunks, 'chunk')} already in '${result.collection}' (skipped)\n`
		: `${io.style.green('indexed')} ${result.file}: ${plural(result.chunks, 'chunk')} into '${result.collection}'\n`);
	return undefined;
}
