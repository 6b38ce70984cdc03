// The MCP Inspector's CLI mode (npm @modelcontextprotocol/inspector), a real MCP client used to try the entries
// `md-vector mcp-config` prints. Installed once into the git-ignored .test-tools/ (about 110 MB: it carries its
// web UI too, so it is not a devDependency). Pinned.
import {existsSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {execa} from 'execa';
import {repoRoot} from './paths.js';

export const inspectorVersion = '2.12.0';
const folder = path.join(repoRoot, '.test-tools', `inspector-${inspectorVersion}`);
const bin = path.join(folder, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');

export async function inspectorBin(): Promise<string> {
	if (!existsSync(bin)) {
		mkdirSync(folder, {recursive: true});
		await execa('npm', ['install', '--prefix', folder, '--no-fund', '--no-audit', '--no-save', `@modelcontextprotocol/inspector@${inspectorVersion}`]);
	}

	return bin;
}

/** Runs `mcp-inspector --cli --config FILE --server NAME ...` and parses its JSON answer. */
export async function inspectorCli(configFile: string, server: string, args: readonly string[], env: Record<string, string> = {}): Promise<any> {
	const result = await execa('node', [await inspectorBin(), '--cli', '--config', configFile, '--server', server, ...args], {
		env: {MCP_INSPECTOR_SECRET_STORE: 'memory', ...env}, reject: false, timeout: 120_000,
	});
	if (result.exitCode !== 0) {
		throw new Error(`mcp-inspector exited ${result.exitCode}: ${String(result.stdout)} ${String(result.stderr)}`);
	}

	return JSON.parse(String(result.stdout));
}
