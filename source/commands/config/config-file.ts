import Conf from 'conf';
import {isAlive} from '../../../common/data-lock.js';
import {readDiscovery} from '../../../common/discovery.js';
import {resolvePaths} from '../../../common/paths.js';
import {inspectSettingsFile, SettingsError, type SettingsProblem} from '../../../common/settings/read-settings.js';
import {settingKeys, type SettingKey} from '../../../common/settings/setting-keys.js';
import {check, fromText, type SettingValues} from '../../../common/settings/settings-schema.js';
import {UsageError} from '../../client/client-errors.js';
import type {Io} from '../../cli/io.js';
import {modelValue} from './model-value.js';

/**
 * The settings file through conf (atomic writes, its folder made on first use), after checking what is in it:
 * the values md-vector can use, and a problem for each key it cannot (a bad value, a key that is no setting),
 * which config set and unset fix. A file that is not a JSON object is refused (fixed by editing or removing it).
 */
export function openSettings(): {file: SettingValues; problems: SettingsProblem[]; store: Conf<SettingValues>} {
	const {config} = resolvePaths();
	try {
		const {values, problems} = inspectSettingsFile(config);
		return {file: values, problems, store: new Conf<SettingValues>({cwd: config, configName: 'config', accessPropertiesByDotNotation: false})};
	} catch (error) {
		throw error instanceof SettingsError ? new UsageError(error.message, 'invalid_settings') : error;
	}
}

/** After a change, what is still wrong with the file, on stderr: the daemon does not start until it is fixed. */
export function remainingProblems(io: Io): void {
	for (const problem of openSettings().problems) {
		io.note(`note: ${problem.message}`);
	}
}

/** The value the user typed, as the setting stores it; refused with the key and the rule. */
export function parseValue(key: SettingKey, text: string, io: Io): unknown {
	// A model folder must be there now, a name known: a typo would only show when the daemon next starts.
	const checked = check(key, fromText(key, key === 'model' ? modelValue(text, io) : text));
	if (!checked.ok) {
		throw new UsageError(`${key} ${checked.rule}, got '${text}'`, 'invalid_value');
	}

	return checked.value;
}

/** After a change: an environment variable that still wins, and a running daemon that reads settings only when it starts. */
export function afterChange(key: SettingKey, io: Io): void {
	const variable = settingKeys[key].env.find(name => process.env[name]);
	if (variable) {
		io.note(`note: ${variable} is set in your environment and wins over the file while it is set`);
	}

	const record = readDiscovery(resolvePaths().state);
	if (settingKeys[key].restart && record && isAlive(record.pid)) {
		io.note(`note: the running daemon (pid ${record.pid}) reads settings when it starts: run md-vector restart to apply this`);
	}
}
