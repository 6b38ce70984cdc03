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
	return undefined;
}
