import {settingInForce} from '../../../common/settings/read-settings.js';
import type {SettingKey} from '../../../common/settings/setting-keys.js';
import {UsageError} from '../../client/client-errors.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {openSettings} from './config-file.js';

/** The value in force, alone on its line (for scripts); --json adds where it comes from. A bad value in the file is refused with its fix. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const key = invocation.args[0] as SettingKey;
	const {file, problems} = openSettings();
	const {text, source} = settingInForce(key, process.env, file);
	const problem = problems.find(entry => entry.key === key);
	if (problem && source.kind !== 'env') {
		throw new UsageError(problem.message, 'invalid_settings');
	}

	if (invocation.json) {
		return {key, value: text, source: source.kind, ...(source.kind === 'env' ? {variable: source.variable} : {})};
	}

	io.out(`${text}\n`);
	return undefined;
}
