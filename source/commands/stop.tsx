import React from 'react';
import {Text} from 'ink';
import {z} from 'zod';
import {resolvePaths} from '../../common/paths.js';
import {readDiscovery, removeDiscovery} from '../../common/discovery.js';
import {stopDaemon} from '../client/stop-daemon.js';
import {useRun} from '../ui/use-run.js';

export const description = `Stop the background daemon (it finishes running work and saves first). The next command starts it again.

Example:
  md-vector stop`;

export const options = z.object({});

type Outcome = {pid: number | undefined; result: Awaited<ReturnType<typeof stopDaemon>>};

export default function Stop() {
	const state = useRun<Outcome>(async () => {
		const {state: stateDir} = resolvePaths();
		const record = readDiscovery(stateDir);
		const result = record ? await stopDaemon(record.pid) : 'not-running';
		if (record && result !== 'stopped') {
			removeDiscovery(stateDir, record.pid); // its process is gone: the record is stale
		}

		return {pid: record?.pid, result};
	});
	if (state.status !== 'done') {
		return null;
	}

	const {pid, result} = state.value;
	return result === 'not-running'
		? <Text dimColor>no daemon is running</Text>
		: <Text>{result === 'stopped' ? 'stopped' : 'killed (it did not stop in time)'} the daemon (pid {pid})</Text>;
}
