import type {SettingKey} from '../../../common/settings/setting-keys.js';
import {toText} from '../../../common/settings/settings-schema.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {afterChange, openSettings, parseValue, remainingProblems} from './config-file.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const [key, text] = invocation.args as [SettingKey, string];
	const value = parseValue(key, text, io);
	const {store} = openSettings();
	store.set(key, value as never);
	afterChange(key, io);
	remainingProblems(io);
	if (invocation.json) {
		return {key, value, file: store.path};
	}

	io.out(`${key} = ${toText(key, value)} (in ${store.path})\n`);
	return undefined;
}
