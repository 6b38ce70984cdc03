import {spawnSync} from 'node:child_process';
import type {SearchResult} from '../../client/api-types.js';

/**
 * Opens the hit's file in $VISUAL / $EDITOR at its first line (`+N` works in vi, vim, nano, emacs, micro,
 * helix). Blocks until the editor exits: it owns the terminal meanwhile. Returns an error message or undefined.
 */
export function openInEditor(hit: SearchResult, env: NodeJS.ProcessEnv = process.env): string | undefined {
	if (!hit.source_path) {
		return `${hit.source_file} was ingested as content: there is no file to open`;
	}

	const editor = env.VISUAL?.length ? env.VISUAL : env.EDITOR; // an empty VISUAL is unset
	if (!editor) {
		return 'set $EDITOR (or $VISUAL) to open files';
	}

	const [command, ...flags] = editor.split(' ').filter(Boolean);
	const result = spawnSync(command!, [...flags, `+${hit.start_line}`, hit.source_path], {stdio: 'inherit'});
	if (result.error) {
		return `could not run ${command}: ${result.error.message}`;
	}

	return undefined;
}
