import {readFileSync} from 'node:fs';
import path from 'node:path';
import {resolvePaths} from '../../../common/paths.js';
import {parseClients} from '../../../common/access/clients.js';
import {capabilitiesDir, loadAccessConfig} from '../../../common/access/load-capabilities.js';
import {CapabilityError, parseCapabilityFile} from '../../../common/access/validate-capabilities.js';
import {UsageError} from '../../client/client-errors.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {plural} from '../../ui/format.js';

type Checked = {valid: true; files: string[]; capabilities: string[]; clients: string[]};

function checkFiles(file: string | undefined): Checked {
	try {
		if (file && path.basename(file) === 'clients.json') {
			return {valid: true, files: [file], capabilities: [], clients: parseClients(readFileSync(file, 'utf8'), file, process.env).map(client => client.label)};
		}

		if (file) {
			return {valid: true, files: [file], capabilities: parseCapabilityFile(readFileSync(file, 'utf8'), file).map(capability => capability.identifier), clients: []};
		}

		const config = loadAccessConfig(resolvePaths().config);
		return {valid: true, files: [...config.files], capabilities: config.capabilities.map(capability => capability.identifier), clients: config.clients.map(client => client.label)};
	} catch (error) {
		if (error instanceof CapabilityError) {
			throw new UsageError(`${plural(error.problems.length, 'problem')}:\n${error.problems.join('\n')}`, 'invalid_capabilities');
		}

		throw error;
	}
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const checked = checkFiles(invocation.args[0]);
	if (invocation.json) {
		return checked;
	}

	const {files, capabilities, clients} = checked;
	if (files.length === 0) {
		io.out(`No capability files in ${capabilitiesDir(resolvePaths().config)}: the built-in default applies (the API key holder, or the local user of a loopback-only daemon, may do everything).\n`);
		return undefined;
	}

	io.out([
		io.style.green(`ok: ${plural(files.length, 'file')} valid`),
		...(capabilities.length > 0 ? [`capabilities: ${capabilities.join(', ')}`] : []),
		...(clients.length > 0 ? [`clients: ${clients.join(', ')}`] : []),
	].map(line => `${line}\n`).join(''));
	return undefined;
}
