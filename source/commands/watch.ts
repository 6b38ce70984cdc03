import type {CollectionSyncReport} from '../../common/wire/sync.js';
import {connect} from '../client/connect.js';
import {waitForModel} from '../client/wait-for-model.js';
import type {Io} from '../cli/io.js';
import type {Invocation} from '../cli/spec.js';
import {syncReportText} from '../ui/sync-report.js';

/** Runs until Ctrl-C (or the daemon stops): the daemon follows the folders while this is connected. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const collection = invocation.options.collection as string | undefined;
	const client = await connect({onNotice: io.note});
	await waitForModel(client, {onNotice: io.note});
	await client.watch(collection, (event, data) => {
		if (invocation.json) {
			// JSON lines: one event a line, for scripts that follow along.
			io.out(`${JSON.stringify({event, ...(data as object)})}\n`);
			return;
		}

		switch (event) {
			case 'ready': {
				io.note(`watching ${(data as {collections: string[]}).collections.map(name => `'${name}'`).join(', ')}: changes are synced as they happen (Ctrl-C stops)`);
				break;
			}

			case 'sync': {
				io.out(`${io.style.dim(new Date().toLocaleTimeString())}\n${syncReportText({collections: [data as CollectionSyncReport]}, io.style).join('\n')}\n`);
				break;
			}

			case 'stopped': {
				io.note('the daemon stopped: watching ended');
				break;
			}

			default: {
				io.note(`md-vector: ${(data as {error?: {message: string}}).error?.message ?? event}`);
			}
		}
	});
	return undefined;
}
