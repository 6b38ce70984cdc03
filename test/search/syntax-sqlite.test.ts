// The query syntax, min_score and explain on the embedded backend (SQLite + FAISS), through a real daemon.
import test from 'ava';
import {startDaemon, untilReady, type RunningDaemon} from '../helpers/daemon.js';
import {syntaxCases} from './syntax-cases.js';

let daemon: RunningDaemon | undefined;

syntaxCases(test, async () => {
	daemon = await startDaemon();
	await untilReady(daemon);
	return daemon;
}, async () => {
	await daemon?.stop();
});
