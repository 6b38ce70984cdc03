import {connect} from '../../client/connect.js';
import {confirm} from '../../cli/confirm.js';
import type {Io} from '../../cli/io.js';
import {flag, type Invocation} from '../../cli/spec.js';
import {plural} from '../../ui/format.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const name = invocation.args[0]!;
	const client = await connect({onNotice: io.note});
	const entry = (await client.collections()).collections.find(collection => collection.name === name);
	// Asked with what goes; an unknown name is the daemon's 404 (with the names that exist), asked nothing.
	if (entry && !await confirm(`Delete collection '${name}' (${plural(entry.sources ?? 0, 'source')}, ${plural(entry.documents, 'document')})?`, {yes: flag(invocation, 'yes'), json: invocation.json})) {
		io.note('nothing deleted');
		return undefined;
	}

	const result = await client.deleteCollection(name);
	if (invocation.json) {
		return result;
	}

	io.out(`${io.style.green('deleted')} collection '${result.collection}': ${plural(result.deleted_documents, 'document')}, ${plural(result.deleted_chunks, 'chunk')}, ${plural(result.deleted_sources, 'source')}\n`);
	return undefined;
}
