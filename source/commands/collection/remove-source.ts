import {realpathSync} from 'node:fs';
import path from 'node:path';
import {connect} from '../../client/connect.js';
import {confirm} from '../../cli/confirm.js';
import type {Io} from '../../cli/io.js';
import {flag, type Invocation} from '../../cli/spec.js';
import {plural} from '../../ui/format.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const [name, folder] = invocation.args as [string, string];
	const client = await connect({onNotice: io.note});
	const absolute = path.resolve(folder);
	let real = absolute;
	try {
		real = realpathSync(absolute);
	} catch {
		// A folder gone from disk is still a source: it is named as stored.
	}

	const source = (await client.sources(name)).sources.find(candidate => candidate.path === real || candidate.path === absolute);
	const what = source ? `source ${source.path} from '${name}' with its ${plural(source.documents, 'document')}` : `source ${absolute} from '${name}' with its documents`;
	if (!await confirm(`Remove ${what}?`, {yes: flag(invocation, 'yes'), json: invocation.json})) {
		io.note('nothing removed');
		return undefined;
	}

	const result = await client.removeSource(name, absolute);
	if (invocation.json) {
		return result;
	}

	io.out(`${io.style.green('removed')} source ${result.path} from '${result.collection}' (${plural(result.deleted_documents, 'document')})\n`);
	for (const entry of result.renamed) {
		io.out(`${io.style.yellow('renamed')}   ${entry.from} → ${entry.to}\n`);
	}

	if (result.collection_removed) {
		io.out(`collection '${result.collection}' had nothing left and was deleted\n`);
	}

	return undefined;
}
