import {useRef} from 'react';
import {useInput, type Key} from 'ink';

/**
 * Ink's useInput re-subscribes a new handler in an effect after each render, so a key arriving between a
 * render and that effect reaches the previous render's handler and its stale state. Here the subscription is
 * made once and always calls the handler of the latest render.
 */
export function useKeys(handler: (input: string, key: Key) => void): void {
	const latest = useRef(handler);
	latest.current = handler;
	useInput((input, key) => {
		latest.current(input, key);
	});
}
