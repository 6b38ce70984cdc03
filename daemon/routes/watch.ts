import {Router} from 'express';
import {actorIn} from '../http/actor-of.js';
import {serves} from '../http/route-access.js';
import {validateQuery} from '../http/validate.js';
import type {WatchStreams} from '../watch/watch-streams.js';
import type {StreamSlots} from '../http/stream-slots.js';
import {toCollectionSyncReport} from '../to-wire/sync.js';
import type {UseCases} from '../use-cases/use-cases.js';
import {watchQuery} from '../../common/requests/sync.js';

export type WatchDeps = {
	readonly useCases: UseCases;
	readonly streams: WatchStreams;
	readonly slots: StreamSlots;
};

/**
 * GET /watch/events: while the connection is open, the daemon follows the folder sources of one collection (or
 * of every collection that has some) and syncs each change; server-sent events `ready` once watching, `sync`
 * with each collection report that changed something, `error` for a watcher's failure. Closing it stops
 * following, once no other stream (or the watch setting) follows those sources. Each stream takes a slot. The
 * sync use case checks the caller as an update's (ingest:default and the read scope of each folder).
 */
export function watchRoutes({useCases, streams, slots}: WatchDeps): Router {
	const router = Router();
	router.get('/watch/events', serves('watch'), async (request, response) => {
		const {collection} = validateQuery(watchQuery, request.query);
		slots.take(response, 'GET /watch/events'); // first: a refused stream costs no lookup (a refusal's answer frees it)
		const plan = await useCases.planWatch(actorIn(response), collection);
		response.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive'});
		streams.add(response);
		const send = (event: string, data: unknown) => response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
		let closed = false;
		let stop: (() => Promise<void>) | undefined;
		// Registered first: a client gone while the watchers start still stops them once they have.
		response.on('close', () => {
			closed = true;
			void stop?.();
		});
		try {
			const following = await plan.follow({
				onSync: report => send('sync', toCollectionSyncReport(report)),
				onError: message => send('error', {error: {code: 'watch_failed', message}}),
			});
			stop = following.close;
			if (closed) {
				await stop();
				return;
			}

			send('ready', {collections: plan.collections});
		} catch (error) {
			response.end(`event: error\ndata: ${JSON.stringify({error: {code: 'watch_failed', message: error instanceof Error ? error.message : String(error)}})}\n\n`);
		}
	});
	return router;
}
