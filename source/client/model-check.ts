import {resolvePaths} from '../../common/paths.js';
import {describeOrigin, modelOrigin, type ModelOrigin} from '../../common/settings/model-origin.js';
import type {Health} from './api-types.js';

/** What applies a model setting to the running daemon. */
export const applyModel = 'run md-vector restart to apply it (it waits for running jobs, then starts the daemon with this environment)';

/**
 * The model this command's environment chooses, when it is not the one the running daemon uses (a local daemon
 * only: MD_VECTOR_URL names a daemon with settings of its own). Undefined when they agree, or when the daemon
 * does not say (an older one, or a caller it does not show it to).
 */
export function modelMismatch(health: Health, env: NodeJS.ProcessEnv = process.env): {mine: ModelOrigin; daemon: ModelOrigin} | undefined {
	const daemon = health.checks.embedder.origin;
	if (env.MD_VECTOR_URL !== undefined || daemon === undefined) {
		return undefined;
	}

	const mine = modelOrigin(env, resolvePaths(env).config);
	return mine.value === daemon.value ? undefined : {mine, daemon};
}

/** One line saying the running daemon uses another model than this command's setting, and how to apply it. */
export function mismatchNote(health: Health, env: NodeJS.ProcessEnv = process.env): string | undefined {
	const found = modelMismatch(health, env);
	return found && `note: the running daemon uses the model ${describeOrigin(found.daemon)}, not this command's ${describeOrigin(found.mine)}: ${applyModel}`;
}

/** Says a mismatch (mismatchNote) to `onNotice`, when there is one. */
export function noteMismatch(health: Health, onNotice: ((line: string) => void) | undefined, env: NodeJS.ProcessEnv = process.env): void {
	const note = mismatchNote(health, env);
	if (note) {
		onNotice?.(note);
	}
}

/**
 * A model failure as the daemon words it, for this command: its advice to set MD_VECTOR_MODEL_DIR is dropped when
 * this command has it set (the daemon was started without it), and replaced by how to apply it, in a few words
 * (the note of mismatchNote says more).
 */
export function modelAdvice(message: string, health: Health | undefined, env: NodeJS.ProcessEnv = process.env): string {
	if (!env.MD_VECTOR_MODEL_DIR || !message.includes('Set MD_VECTOR_MODEL_DIR')) {
		return message;
	}

	const trimmed = message.replace(/\s*Set MD_VECTOR_MODEL_DIR[^]*$/, '');
	const found = health ? modelMismatch(health, env) : undefined;
	return `${trimmed} The running daemon started ${found ? `with ${describeOrigin(found.daemon)}` : 'without it'}, not this command's MD_VECTOR_MODEL_DIR: md-vector restart applies it.`;
}
