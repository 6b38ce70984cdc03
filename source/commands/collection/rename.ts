import {connect} from '../../client/connect.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const [name, next] = invocation.args as [string, string];
	const result = await (await connect({onNotice: io.note})).renameCollection(name, next);
	if (invocation.json) {
		return result;
	}

	io.out(`${io.style.green('renamed')} collection '${result.previous}' to '${result.collection}'\n`);
	return undefined;
}
