import type {TuiClient} from './tui-client.js';

/**
 * A client the TUI can draw with at once, before the daemon answers: each call waits for `connection` (finding
 * or starting the daemon) and then goes to the client it gives; if it fails, every call fails with its reason,
 * which the status bar shows (r connects again).
 */
export function connectingClient(connection: Promise<TuiClient>): TuiClient {
	connection.catch(() => undefined); // its failure is reported by the calls that wait for it
	return {
		health: async (...args) => (await connection).health(...args),
		collections: async (...args) => (await connection).collections(...args),
		stats: async (...args) => (await connection).stats(...args),
		sources: async (...args) => (await connection).sources(...args),
		search: async (...args) => (await connection).search(...args),
		deleteDocument: async (...args) => (await connection).deleteDocument(...args),
		startDirectoryJob: async (...args) => (await connection).startDirectoryJob(...args),
		followJob: async (...args) => (await connection).followJob(...args),
		cancelJob: async (...args) => (await connection).cancelJob(...args),
	};
}
