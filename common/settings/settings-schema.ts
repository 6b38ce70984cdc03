// The rules of each setting, as zod schemas whose messages name the rule. Values are stored typed in the
// config file (port 7821, watch true, allowed-roots as a list); text from the command line or an environment
// variable is turned into that type first (fromText).
import path from 'node:path';
import {z} from 'zod';
import {chooseModel, modelRule} from '../models/find-model.js';
import type {SettingKey} from './setting-keys.js';
import {databaseUrlRule, isDatabaseUrl} from './database-url.js';
import {embedProviders, embedUrlProblem, modelNameRule, isModelName} from './embed-provider.js';

const wholeNumber = (max: number, rule: string) => z.number({error: rule}).int(rule).min(0, rule).max(max, rule);
const absolute = z.string().refine(value => path.isAbsolute(value), 'must be an absolute path');

export const settingSchemas = {
	model: z.string({error: 'must be text'}).refine(value => chooseModel(value).kind !== 'unknown', modelRule),
	port: wholeNumber(65_535, 'must be a port number from 0 to 65535'),
	'allowed-roots': z.array(absolute, {error: 'must be a list of absolute folder paths'}).refine(roots => roots.length > 0, 'must name at least one folder'),
	'rate-limit': wholeNumber(Number.MAX_SAFE_INTEGER, 'must be a whole number of requests per minute, 0 or more (0: no limit)'),
	watch: z.boolean({error: 'must be true or false'}),
	'database-url': z.string({error: 'must be text'}).refine(value => isDatabaseUrl(value), databaseUrlRule),
	'embed-provider': z.enum(embedProviders, {error: `must be one of ${embedProviders.join(', ')}`}),
	'embed-url': z.string({error: 'must be text'}).superRefine((value, context) => {
		const problem = embedUrlProblem(value);
		if (problem) {
			context.addIssue({code: 'custom', message: problem});
		}
	}),
	'embed-model': z.string({error: 'must be text'}).refine(value => isModelName(value), modelNameRule),
	'embed-dimensions': z.number({error: 'must be a whole number of dimensions from 1 to 65536'}).int('must be a whole number of dimensions from 1 to 65536').min(1, 'must be a whole number of dimensions from 1 to 65536').max(65_536, 'must be a whole number of dimensions from 1 to 65536'),
	'embed-key-command': z.string({error: 'must be text'}).refine(value => value.trim() !== '', 'must be a command (it prints the key on its standard output)'),
} satisfies Record<SettingKey, z.ZodType>;

export type SettingValues = {[Key in SettingKey]?: z.infer<typeof settingSchemas[Key]>};

const yes = new Set(['true', '1', 'yes', 'on']);
const no = new Set(['false', '0', 'no', 'off']);

/** Text (typed by the user, or an environment variable) as the type the setting stores; checked by check() after. */
export function fromText(key: SettingKey, text: string): unknown {
	switch (key) {
		case 'port':
		case 'rate-limit':
		case 'embed-dimensions': {
			return /^\s*\d+\s*$/.test(text) ? Number(text) : text;
		}

		case 'allowed-roots': {
			return text.split(path.delimiter).filter(Boolean);
		}

		case 'watch': {
			return yes.has(text.toLowerCase()) ? true : (no.has(text.toLowerCase()) ? false : text);
		}

		case 'model':
		case 'database-url':
		case 'embed-provider':
		case 'embed-url':
		case 'embed-model':
		case 'embed-key-command': {
			return text;
		}
	}
}

/** The value, or the rule it breaks. */
export function check(key: SettingKey, value: unknown): {ok: true; value: unknown} | {ok: false; rule: string} {
	const parsed = settingSchemas[key].safeParse(value);
	return parsed.success ? {ok: true, value: parsed.data} : {ok: false, rule: parsed.error.issues[0]!.message};
}

/** A stored value as text, as `config get` prints it and as its environment variable would hold it. */
export function toText(key: SettingKey, value: unknown): string {
	return key === 'allowed-roots' ? (value as string[]).join(path.delimiter) : String(value);
}
