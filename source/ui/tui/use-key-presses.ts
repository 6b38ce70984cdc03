import {useEffect, useRef, useState} from 'react';
import {useStdin} from 'ink';
import {createKeyReader, type KeyPress} from './key-press.js';

/**
 * The TUI's one keyboard subscription: every key, in dialogs too, goes to `handler`, one KeyPress at a time,
 * always the latest render's handler. It reads the input events Ink splits stdin into, not useInput's parsed
 * keys: useInput drops the Esc of Esc+punctuation read together (ESC ] arrives as a bare `]`).
 */
export function useKeyPresses(handler: (press: KeyPress) => void): void {
	const latest = useRef(handler);
	latest.current = handler;
	const [read] = useState(createKeyReader);
	const {setRawMode, internal_eventEmitter: events} = useStdin();
	useEffect(() => {
		setRawMode(true);
		const onInput = (input: string) => {
			for (const press of read(input)) {
				latest.current(press);
			}
		};

		events.on('input', onInput);
		return () => {
			events.off('input', onInput);
			setRawMode(false);
		};
	}, [events, read, setRawMode]);
}
