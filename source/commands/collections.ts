import {connect} from '../client/connect.js';
import type {Io} from '../cli/io.js';
import type {Invocation} from '../cli/spec.js';
import {plural} from '../ui/format.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const listing = await (await connect({onNotice: io.note})).collections();
	if (invocation.json) {
		return listing;
	}

	const {collections} = listing;
	if (collections.length === 0) {
		io.note('No collections yet. Add one with: md-vector ingest-dir DIR -C NAME');
		return undefined;
	}

	const width = Math.max(...collections.map(collection => collection.name.length));
	const folders = (collection: typeof collections[number]) => ((collection.sources ?? 0) > 0 ? `, ${plural(collection.sources ?? 0, 'folder source')}, last sync ${collection.last_sync_at ?? 'never'}` : '');
	io.out(collections.map(collection => `${io.style.bold(collection.name.padEnd(width))}  ${plural(collection.documents, 'document')}, ${plural(collection.count, 'chunk')}${folders(collection)}\n`).join(''));
	return undefined;
}
