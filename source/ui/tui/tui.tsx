import React, {useCallback, useState} from 'react';
import {useStdout} from 'ink';
import {connect} from '../../client/connect.js';
import {App} from './app.js';
import {connectingClient} from './connecting-client.js';
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
 * `md-vector` with no command: the terminal UI on the terminal's alternate screen. Its first frame is drawn at
 * once; the daemon is found (or started) meanwhile, and the collections, health and results fill in as it answers.
 * A daemon that cannot be reached or started shows in the status bar, with its reason; r tries again.
 */
export function Tui({collection, env = process.env}: Props) {
	const {stdout} = useStdout();
	// Before Ink writes its first frame (which happens as this first render commits), so none lands on the shell's screen.
	useState(() => {
		enterTuiScreen(stdout);
	});
	const [memory] = useState(() => stateFolderMemory(env));
	const [client] = useState(() => connectingClient(connect({env})));
	const reconnect = useCallback(async (onNotice: (line: string) => void): Promise<TuiClient> => connect({env, onNotice}), [env]);
	return <App client={client} collection={collection} memory={memory} reconnect={reconnect}/>;
}
