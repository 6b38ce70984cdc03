import {settingInForce, settingsFile} from '../../../common/settings/read-settings.js';
import {settingKeys, settingNames} from '../../../common/settings/setting-keys.js';
import {resolvePaths} from '../../../common/paths.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {openSettings} from './config-file.js';

/** Every setting with its value in force and where that comes from: environment, file or default. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const {file} = openSettings();
	const rows = settingNames.map(key => {
		const {text, source} = settingInForce(key, process.env, file);
		return {key, value: text, source: source.kind, ...(source.kind === 'env' ? {variable: source.variable} : {}), description: settingKeys[key].description};
	});
	if (invocation.json) {
		return {file: settingsFile(resolvePaths().config), settings: rows};
	}

	const width = Math.max(...rows.map(row => row.key.length));
	const where = (row: typeof rows[number]) => (row.source === 'env' ? `env ${row.variable!}` : row.source);
	io.out([
		...rows.map(row => `${io.style.bold(row.key.padEnd(width))}  ${row.value}  ${io.style.dim(`(${where(row)})`)}`),
		io.style.dim(`file: ${settingsFile(resolvePaths().config)}; environment variables win over it; the daemon reads these when it starts`),
	].map(line => `${line}\n`).join(''));
	return undefined;
}
