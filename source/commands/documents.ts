import {connect} from '../client/connect.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';
import {plural} from '../ui/format.js';

/** One document a line (name and chunk count), then on a terminal the total; piped, every line is a document (as gh lists). */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const listing = await (await connect({onNotice: io.note})).documents(stringOption(invocation, 'collection'));
	if (invocation.json) {
		return listing;
	}

	io.out(listing.documents.map(document => `${document.file} ${io.style.dim(`(${plural(document.chunks, 'chunk')})`)}\n`).join(''));
	if (io.interactive) {
		io.out(`${io.style.dim(`${plural(listing.documents.length, 'document')} in '${listing.collection}'`)}\n`);
	}

	return undefined;
}
