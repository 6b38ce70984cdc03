import React, {useEffect, useState} from 'react';
import {Text} from 'ink';
import {connect} from './client/connect.js';
import type {DaemonClient} from './client/daemon-client.js';
import {App} from './ui/tui/app.js';

/** `md-vector` alone: connects (starting the daemon when needed), then shows the TUI. */
export default function Index() {
	const [client, setClient] = useState<DaemonClient>();
	const [problem, setProblem] = useState<string>();
	useEffect(() => {
		connect().then(setClient, (error: unknown) => {
			setProblem(error instanceof Error ? error.message : String(error));
			process.exitCode = 1;
		});
	}, []);
	if (problem) {
		return <Text color='red'>md-vector: {problem}</Text>;
	}

	return client ? <App client={client}/> : <Text dimColor>connecting to the md-vector daemon…</Text>;
}
