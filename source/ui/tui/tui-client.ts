import type {DaemonClient} from '../../client/daemon-client.js';

/** What the TUI asks of the daemon; tests pass a fake with the same shape. */
export type TuiClient = Pick<DaemonClient, 'health' | 'collections' | 'stats' | 'sources' | 'search' | 'deleteDocument' | 'startDirectoryJob' | 'followJob' | 'cancelJob'>;
