import {readFile} from 'node:fs/promises';
import {connect} from '../client/connect.js';
import type {Io} from '../cli/io.js';
import type {Invocation} from '../cli/spec.js';
import {plural} from '../ui/format.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const text = await readFile(invocation.args[0]!, 'utf8');
	const result = await (await connect({onNotice: io.note})).importExport(text, invocation.options.collection as string | undefined);
	if (invocation.json) {
		return result;
	}

	io.out(`${io.style.green('imported')} ${plural(result.documents, 'document')}, ${plural(result.chunks, 'chunk')} into '${result.collection}'\n`);
	return undefined;
}
