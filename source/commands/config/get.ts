import {settingInForce} from '../../../common/settings/read-settings.js';
import type {SettingKey} from '../../../common/settings/setting-keys.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {openSettings} from './config-file.js';

/** The value in force, alone on its line (for scripts); --json adds where it comes from. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const key = invocation.args[0] as SettingKey;
	const {text, source} = settingInForce(key, process.env, openSettings().file);
	if (invocation.json) {
		return {key, value: text, source: source.kind, ...(source.kind === 'env' ? {variable: source.variable} : {})};
	}

	io.out(`${text}\n`);
	return undefined;
}
