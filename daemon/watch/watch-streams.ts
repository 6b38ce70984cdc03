import type {Response} from 'express';

/** The open GET /watch/events streams, so that stopping the daemon ends them (an open stream keeps the server from closing). */
export class WatchStreams {
	private readonly open = new Set<Response>();

	add(response: Response): void {
		this.open.add(response);
		response.on('close', () => this.open.delete(response));
	}

	/** Ends every stream with a `stopped` event; their watchers close as their connections do. */
	closeAll(): void {
		for (const response of this.open) {
			response.end('event: stopped\ndata: {"reason":"the daemon is stopping"}\n\n');
		}
	}
}
