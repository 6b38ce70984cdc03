import {connect} from '../client/connect.js';
import {UsageError} from '../client/client-errors.js';
import {parseGetTarget} from '../../common/get/get-target.js';
import type {Io} from '../cli/io.js';
import {flag, stringOption, type Invocation} from '../cli/spec.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	let target;
	try {
		target = parseGetTarget(invocation.args[0]!);
	} catch (error) {
		throw new UsageError(`FILE${(error as Error).message.replace(/^\w+/, match => (match === 'file' ? '' : `:${match.toUpperCase()}`))}`, 'invalid_value');
	}

	const section = invocation.options.section as string | undefined;
	const document = await (await connect({onNotice: io.note})).getDocument(target.file, {collection: stringOption(invocation, 'collection'), line: target.line, count: target.count, section});
	if (document.changed_on_disk) {
		io.note(`note: ${document.source_path ?? document.file} changed or is gone since it was indexed; this is the indexed text (md-vector update syncs it)`);
	}

	if (invocation.json) {
		return document;
	}

	if (document.total_lines === 0) {
		return undefined;
	}

	const lines = document.content.split('\n');
	const width = String(document.end_line).length;
	io.out(`${(flag(invocation, 'line-numbers') ? lines.map((line, index) => `${io.style.dim(String(document.start_line + index).padStart(width))}  ${line}`) : lines).join('\n')}\n`);
	return undefined;
}
