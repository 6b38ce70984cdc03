import {spawnSync} from 'node:child_process';
import type {SearchResult} from '../../client/api-types.js';
import {resumeTerminal, suspendTerminal} from './terminal-modes.js';

/**
 * Opens the hit's file in $VISUAL / $EDITOR at its first line (`+N` works in vi, vim, nano, emacs, micro,
 * helix). The editor owns the terminal until it exits; then the TUI's screen and modes are set again (the
 * caller redraws). Returns an error message or undefined.
 */
export function openInEditor(hit: SearchResult, env: NodeJS.ProcessEnv = process.env, terminal?: Parameters<typeof suspendTerminal>[0]): string | undefined {
	if (!hit.source_path) {
		return `${hit.source_file} was ingested as content: there is no file to open`;
	}

	const editor = env.VISUAL?.length ? env.VISUAL : env.EDITOR; // an empty VISUAL is unset
	if (!editor) {
		return 'set $EDITOR (or $VISUAL) to open files';
	}

	const [command, ...flags] = editor.split(' ').filter(Boolean);
	const tty = terminal ?? {stdin: process.stdin, stdout: process.stdout};
	suspendTerminal(tty);
	let result;
	try {
		result = spawnSync(command!, [...flags, `+${hit.start_line}`, hit.source_path], {stdio: 'inherit', env});
	} finally {
		resumeTerminal(tty);
	}

	if (result.error) {
		return `could not run ${command}: ${result.error.message}`;
	}

	return result.status === 0 ? undefined : `${command} exited with status ${result.status ?? result.signal}`;
}
