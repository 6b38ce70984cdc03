import {useEffect, useRef, useState} from 'react';
import {useApp} from 'ink';
import {reportFailure} from './report-failure.js';

export type Io = {
	/** Writes to stdout as it is (results, JSON). */
	readonly out: (text: string) => void;
	/** Writes a line for the user to stderr (notices, progress when stdout is not a terminal). */
	readonly note: (line: string) => void;
};

export type RunState<T>
	= | {readonly status: 'running'}
		| {readonly status: 'done'; readonly value: T}
		| {readonly status: 'failed'; readonly message: string};

export type RunOptions = {
	/** Print the work's result on stdout as one JSON document (the command renders nothing then). */
	readonly json?: boolean;
};

/**
 * Runs a command's work once and exits when it ends. A failure is one line on stderr and exit code 1
 * (2 for refused input); nothing on stdout, so `--json` output stays clean.
 */
export function useRun<T>(run: (io: Io) => Promise<T>, options: RunOptions = {}): RunState<T> {
	const {exit} = useApp();
	const [state, setState] = useState<RunState<T>>({status: 'running'});
	const started = useRef(false);
	useEffect(() => {
		if (started.current) {
			return;
		}

		started.current = true;
		// Straight to the streams, not through Ink's useStdout/useStderr: those erase Ink's frame around every
		// write, which leaves escape codes in piped output and would break `--json` for scripts.
		const io: Io = {out: text => process.stdout.write(text), note: line => process.stderr.write(`${line}\n`)};
		run(io).then(value => {
			if (options.json) {
				io.out(`${JSON.stringify(value)}\n`);
			}

			setState({status: 'done', value});
		}, (error: unknown) => {
			setState({status: 'failed', message: reportFailure(error)});
		});
	}, []);
	useEffect(() => {
		if (state.status !== 'running') {
			exit();
		}
	}, [state.status]);
	return state;
}
