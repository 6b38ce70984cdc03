import React from 'react';
import {render} from 'ink';
import {Tui} from './tui.js';

/** Runs the terminal UI until it quits. */
export async function runTui(collection?: string): Promise<void> {
	await render(<Tui collection={collection}/>).waitUntilExit();
}
