import {connect} from '../../client/connect.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {revokeClient} from '../../oauth/clients-admin.js';

/** Revokes an OAuth sign-in: its tokens stop working at once. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const label = invocation.args[0]!;
	const revoked = await revokeClient(await connect({onNotice: io.note}), label);
	if (invocation.json) {
		return revoked;
	}

	io.out(`Revoked '${label}': its tokens no longer work; it has to ask you again.\n`);
	return undefined;
}
