import path from 'node:path';
import {useCallback, useRef} from 'react';
import type {Job} from '../../client/api-types.js';
import {plural} from '../format.js';
import {expandHome} from './complete-path.js';
import type {Action} from './reduce.js';
import type {TuiClient} from './tui-client.js';

export type IngestJob = {
	/** Starts ingesting `directory` (`~` expanded, relative to the working folder) into `collection`. */
	readonly start: (directory: string, collection: string) => void;
	/** Asks the daemon to stop the running job; what it committed stays. */
	readonly cancel: () => void;
};

function summary(job: Job, directory: string): {text: string; error: boolean} {
	const {progress} = job;
	const counts = `${plural(progress.indexed, 'file')} indexed, ${progress.unchanged} unchanged, ${progress.failed} failed, ${plural(progress.chunks, 'chunk')}`;
	if (job.state === 'cancelled') {
		return {text: `ingest of ${directory} cancelled: ${counts} (kept)`, error: false};
	}

	if (job.state === 'failed') {
		return {text: `ingest of ${directory} failed: ${job.error ?? 'no reason given'} (${counts})`, error: true};
	}

	return {text: `ingested ${directory} into '${job.collection}': ${counts}`, error: progress.failed > 0};
}

/** The ingest dialog's job: started, followed (its progress into the dialog) and cancelled through the daemon. */
export function useIngestJob(client: TuiClient, dispatch: (action: Action) => void): IngestJob {
	const running = useRef<string | undefined>(undefined);
	const start = useCallback((directory: string, collection: string) => {
		const absolute = path.resolve(expandHome(directory));
		dispatch({type: 'ingest-progress', job: 'starting'});
		client.startDirectoryJob({directory: absolute, collection, mode: 'incremental'})
			.then(async ({job}) => {
				running.current = job.id;
				dispatch({type: 'ingest-progress', job});
				return client.followJob(job.id, progress => {
					dispatch({type: 'ingest-progress', job: progress});
				});
			})
			.then(finished => {
				dispatch({type: 'ingest-done', message: summary(finished, absolute), collection});
			}, (error: unknown) => {
				// The dialog stays open with the reason (a mistyped folder is corrected and Enter pressed again).
				dispatch({type: 'ingest-error', error: error instanceof Error ? error.message : String(error)});
			})
			.finally(() => {
				running.current = undefined;
			});
	}, [client, dispatch]);
	const cancel = useCallback(() => {
		if (running.current) {
			client.cancelJob(running.current).catch((error: unknown) => {
				dispatch({type: 'message', message: {text: `could not cancel the ingest: ${error instanceof Error ? error.message : String(error)}`, error: true}});
			});
		}
	}, [client, dispatch]);
	return {start, cancel};
}
