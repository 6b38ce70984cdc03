import type {SearchMode} from '../client/api-types.js';
import {connect} from '../client/connect.js';
import {searchOnce} from '../client/search-once.js';
import type {Fusion} from '../../common/search-defaults.js';
import type {Io} from '../cli/io.js';
import {flag, stringOption, type Invocation} from '../cli/spec.js';
import {searchText} from '../ui/search-text.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const query = invocation.args[0]!;
	const response = await searchOnce(await connect({onNotice: io.note}), query, {
		topK: stringOption(invocation, 'top-k'), mode: stringOption(invocation, 'mode') as SearchMode, collection: stringOption(invocation, 'collection'),
		collapse: flag(invocation, 'collapse'), fusion: stringOption(invocation, 'fusion') as Fusion,
	});
	if (response.notice) {
		io.note(`note: ${response.notice}`);
	}

	if (invocation.json) {
		return response;
	}

	io.out(searchText(response, query, io.style, io.columns));
	return undefined;
}
