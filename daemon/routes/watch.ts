import {Router} from 'express';
import type {Engine} from '../engine/engine.js';
import {HttpError} from '../http/http-error.js';
import {admit, needs, type Need} from '../http/needs.js';
import {validateQuery} from '../http/validate.js';
import {resolveSafePath, type PathsFor} from '../safe-path.js';
import type {SourceFollowers} from '../watch/source-followers.js';
import type {WatchStreams} from '../watch/watch-streams.js';
import type {StreamSlots} from '../http/stream-slots.js';
import {watchQuery} from './schemas.js';

const ingestNeed: Need = {kind: 'permission', permission: 'ingest:default', collection: 'none'};

export type WatchDeps = {
	readonly engine: Engine;
	readonly allowedPaths: PathsFor;
	readonly streams: WatchStreams;
	/** The daemon's one follower per source, which every stream joins. */
	readonly followers: SourceFollowers;
	readonly slots: StreamSlots;
};

/**
 * GET /watch/events: while the connection is open, the daemon follows the folder sources of one collection (or
 * of every collection that has some) and syncs each change; server-sent events `ready` once watching, `sync`
 * with each collection report that changed something, `error` for a watcher's failure. Closing it stops
 * following, once no other stream (or the watch setting) follows those sources. Each stream takes a slot.
 */
export function watchRoutes({engine, allowedPaths, streams, followers, slots}: WatchDeps): Router {
	const router = Router();
	router.get('/watch/events', needs('ingest:default', 'none'), async (request, response) => {
		const {collection} = validateQuery(watchQuery, request.query);
		slots.take(response, 'GET /watch/events'); // first: a refused stream costs no lookup (a refusal's answer frees it)
		const names = collection === undefined ? await followedCollections(engine) : [collection];
		for (const name of names) {
			// Syncing needs ingest:default on the collection and the read scope of each folder, as an update does.
			admit(request, response, ingestNeed, name);
			for (const source of await engine.sources(name)) {
				await resolveSafePath('directory', source.path, allowedPaths(response), 'directory').catch((error: unknown) => {
					if (error instanceof HttpError && error.status === 403) {
						throw error;
					}
				});
			}
		}

		if (names.length === 0) {
			throw new HttpError(404, 'not_found', 'no collection has folder sources to watch: add one with md-vector ingest-dir DIR -C NAME');
		}

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
			const following = await followers.follow(names, {
				onSync: report => send('sync', report),
				onError: message => send('error', {error: {code: 'watch_failed', message}}),
			});
			stop = following.close;
			if (closed) {
				await stop();
				return;
			}

			send('ready', {collections: names});
		} catch (error) {
			response.end(`event: error\ndata: ${JSON.stringify({error: {code: 'watch_failed', message: error instanceof Error ? error.message : String(error)}})}\n\n`);
		}
	});
	return router;
}

async function followedCollections(engine: Engine): Promise<string[]> {
	return (await engine.collections()).filter(entry => entry.sources > 0).map(entry => entry.name);
}
