import type {Invocation} from '../cli/spec.js';
import {runMcpBridge} from '../mcp-bridge.js';

/** `md-vector mcp`: the stdio bridge parses its own arguments (stdout is the protocol: nothing else goes there). */
export async function run(invocation: Invocation): Promise<unknown> {
	await runMcpBridge(invocation.args);
	return undefined;
}
