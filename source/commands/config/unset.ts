import {settingKeys, settingNames, type SettingKey} from '../../../common/settings/setting-keys.js';
import {oneOf} from '../../../common/one-of.js';
import {suggestionMark, UsageError} from '../../client/client-errors.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {afterChange, openSettings, remainingProblems} from './config-file.js';

/** Removes a setting from the file, also one whose value is bad or a key that is no setting (what stops the daemon). */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const key = invocation.args[0]!;
	const {store, problems} = openSettings();
	const known = settingNames.includes(key as SettingKey);
	if (!known && !problems.some(problem => problem.key === key)) {
		throw new UsageError(`KEY must be ${oneOf(settingNames)}, got '${key}'${suggestionMark}`, 'invalid_value', {word: key, candidates: settingNames});
	}

	const had = store.has(key as SettingKey);
	store.delete(key as SettingKey);
	if (known) {
		afterChange(key as SettingKey, io);
	}

	remainingProblems(io);
	if (invocation.json) {
		return {key, removed: had, file: store.path};
	}

	const back = known ? `: back to ${settingKeys[key as SettingKey].defaultText}` : '';
	io.out(had ? `${key} removed from ${store.path}${back}\n` : `${key} was not set in ${store.path}\n`);
	return undefined;
}
