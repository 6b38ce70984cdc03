import {connect} from '../client/connect.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';
import {plural} from '../ui/format.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const result = await (await connect({onNotice: io.note})).deleteDocument(invocation.args[0]!, stringOption(invocation, 'collection'));
	if (invocation.json) {
		return result;
	}

	io.out(`${io.style.green('deleted')} ${result.file} from '${result.collection}' (${plural(result.deleted_chunks, 'chunk')})\n`);
	if (result.collection_removed) {
		// As remove-source says it: a collection that follows no folder is not kept empty.
		io.out(`collection '${result.collection}' had nothing left and was deleted\n`);
	}

	if (result.source) {
		// Deleted from the index, not from the folder: say so before the next sync surprises anyone.
		io.note(`note: ${result.file} is a file of the folder ${result.source}, which '${result.collection}' follows: the next update (or watch) indexes it again; `
			+ 'to keep it out, leave it out of the folder\'s sync (md-vector ingest-dir FOLDER --exclude GLOB, or a line in .mdvectorignore)');
	}

	return undefined;
}
