import {settingKeys, type SettingKey} from '../../../common/settings/setting-keys.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {afterChange, openSettings} from './config-file.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const key = invocation.args[0] as SettingKey;
	const {store} = openSettings();
	const had = store.has(key);
	store.delete(key);
	afterChange(key, io);
	if (invocation.json) {
		return {key, removed: had, file: store.path};
	}

	io.out(had ? `${key} removed from ${store.path}: back to ${settingKeys[key].defaultText}\n` : `${key} was not set in ${store.path}\n`);
	return undefined;
}
