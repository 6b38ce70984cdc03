import {useCallback, useRef, useState} from 'react';
import {reduce, type Action} from './reduce.js';
import {initialState, type State} from './tui-state.js';

export type TuiState = {
	readonly state: State;
	readonly dispatch: (action: Action) => void;
	/** The state with every action dispatched so far applied, also those React has not rendered yet. */
	readonly latest: () => State;
};

/**
 * The reducer's state, applied as each action comes: keys read together (`all` + Enter in one read) run one
 * after another before React renders, and each must see what the one before it did (Enter submits `…/small`,
 * not `…/sm`).
 */
export function useTuiState(collection?: string): TuiState {
	const [state, setState] = useState(() => initialState(collection));
	const current = useRef(state);
	const dispatch = useCallback((action: Action) => {
		current.current = reduce(current.current, action);
		setState(current.current);
	}, []);
	const latest = useCallback(() => current.current, []);
	return {state, dispatch, latest};
}
