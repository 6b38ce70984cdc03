import React, {useCallback, useEffect, useState} from 'react';
import {Text, useApp, useInput, useStdout} from 'ink';
import {connect} from '../../client/connect.js';
import type {DaemonClient} from '../../client/daemon-client.js';
import {App} from './app.js';
import {stateFolderMemory} from './last-collection.js';
import {enterTuiScreen} from './terminal-modes.js';
import type {TuiClient} from './tui-client.js';

type Props = {
	/** The collection to open (`md-vector -C NAME`); else the last used one, else `default`, else the first. */
	readonly collection?: string;
	/** Where the daemon is found and md-vector's folders are (process.env). */
	readonly env?: NodeJS.ProcessEnv;
};

/**
 * `md-vector` with no command: the terminal UI on the terminal's alternate screen, connected to the daemon
 * (started when none runs). Any command-line parser mounts it with its options as props.
 */
export function Tui({collection, env = process.env}: Props) {
	const {stdout} = useStdout();
	// Before Ink writes its first frame (which happens as this first render commits), so none lands on the shell's screen.
	useState(() => {
		enterTuiScreen(stdout);
	});
	const [memory] = useState(() => stateFolderMemory(env));
	const [client, setClient] = useState<DaemonClient>();
	const [problem, setProblem] = useState<string>();
	const [attempts, setAttempts] = useState(0);
	const reconnect = useCallback(async (onNotice: (line: string) => void): Promise<TuiClient> => connect({env, onNotice}), [env]);
	const start = useCallback(() => {
		setProblem(undefined);
		setAttempts(count => count + 1);
		connect({env}).then(setClient, (error: unknown) => {
			setProblem(error instanceof Error ? error.message : String(error));
		});
	}, [env]);
	useEffect(start, [start]);
	if (client) {
		return <App client={client} collection={collection} memory={memory} reconnect={reconnect}/>;
	}

	return problem ? <NoDaemon problem={problem} attempts={attempts} retry={start}/> : <Text dimColor>connecting to the md-vector daemon…</Text>;
}

type NoDaemonProps = {
	/** Why the daemon could not be reached or started. */
	readonly problem: string;
	/** How many times it was tried. */
	readonly attempts: number;
	/** Tries again. */
	readonly retry: () => void;
};

/** The daemon could not be reached or started: says why; r tries again, q quits (exit status 1). */
function NoDaemon({problem, attempts, retry}: NoDaemonProps) {
	const {exit} = useApp();
	useInput(input => {
		if (input === 'r') {
			retry();
		} else if (input === 'q') {
			process.exitCode = 1;
			exit();
		}
	});
	return <Text color='red'>md-vector: {problem}{'\n'}<Text dimColor>r: try again  q: quit{attempts > 1 ? `  (tried ${attempts} times)` : ''}</Text></Text>;
}
