import {useCallback, useRef, useState} from 'react';
import {useInput, type Key} from 'ink';
import {createKeyReader, type KeyPress} from './key-press.js';

/**
 * The TUI's one keyboard subscription: every key, in dialogs too, goes to `handler`, one KeyPress at a time
 * (a read of several keys is split, key-press.ts). One subscription for the app's life, calling the latest render's
 * handler (Ink re-subscribes whenever the handler it is given changes).
 */
export function useKeyPresses(handler: (press: KeyPress) => void): void {
	const latest = useRef(handler);
	latest.current = handler;
	const [read] = useState(createKeyReader);
	const onInput = useCallback((input: string, key: Key) => {
		for (const press of read(input, key)) {
			latest.current(press);
		}
	}, [read]);
	useInput(onInput);
}
