import React from 'react';
import {render} from 'ink';
import Index from './tui-index.js';

/** `md-vector` alone: the terminal UI on the terminal's alternate screen, given back on exit. */
export async function runTui(): Promise<void> {
	if (process.stdout.isTTY) {
		process.stdout.write('\u001B[?1049h');
		process.once('exit', () => process.stdout.write('\u001B[?1049l'));
	}

	await render(<Index/>).waitUntilExit();
}
