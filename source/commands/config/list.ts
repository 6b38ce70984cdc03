import {settingInForce, settingsFile} from '../../../common/settings/read-settings.js';
import {settingKeys, settingNames} from '../../../common/settings/setting-keys.js';
import {resolvePaths} from '../../../common/paths.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {openSettings} from './config-file.js';

/**
 * Every setting with its value in force and where that comes from: environment, file or default. A value of the
 * file md-vector cannot use is shown as it is, marked, and each problem is named with its fix on stderr: the
 * listing works on the file it helps to fix.
 */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const {file, problems, store} = openSettings();
	const raw = store.store as Record<string, unknown>;
	const rows = settingNames.map(key => {
		const {text, source} = settingInForce(key, process.env, file);
		const problem = source.kind === 'env' ? undefined : problems.find(entry => entry.key === key);
		return problem
			? {key, value: JSON.stringify(raw[key]), source: 'file' as const, invalid: true, description: settingKeys[key].description}
			: {key, value: text, source: source.kind, ...(source.kind === 'env' ? {variable: source.variable} : {}), description: settingKeys[key].description};
	});
	for (const problem of problems) {
		io.note(`md-vector: ${problem.message}`);
	}

	if (invocation.json) {
		return {file: settingsFile(resolvePaths().config), settings: rows, problems: problems.map(problem => problem.message)};
	}

	const width = Math.max(...rows.map(row => row.key.length));
	const where = (row: typeof rows[number]) => ('invalid' in row ? `file, not usable: md-vector config set ${row.key} VALUE, or unset ${row.key}` : (row.source === 'env' && 'variable' in row ? `env ${row.variable!}` : row.source));
	io.out([
		...rows.map(row => `${io.style.bold(row.key.padEnd(width))}  ${row.value}  ${io.style.dim(`(${where(row)})`)}`),
		io.style.dim(`file: ${settingsFile(resolvePaths().config)}; environment variables win over it; the daemon reads these when it starts`),
	].map(line => `${line}\n`).join(''));
	return undefined;
}
