import {connect} from '../../client/connect.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {revokeClient} from './clients-api.js';

/** Revokes an OAuth sign-in (by its label, or the name it gave itself when only one has it): its tokens stop working at once. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const revoked = await revokeClient(await connect({onNotice: io.note}), invocation.args[0]!);
	if (invocation.json) {
		return revoked;
	}

	io.out(`Revoked '${revoked.label}' (${revoked.client_name}): its tokens no longer work; it has to ask you again.\n`);
	return undefined;
}
