import type * as Wire from '../../common/wire/sync.js';
import type * as Sync from '../engine/sources/sync-report.js';

/** A source's part of a sync, as the API reports it (snake_case). */
export function toSourceSyncReport(report: Sync.SourceSyncReport): Wire.SourceSyncReport {
	const {skippedExamples, ...rest} = report;
	return {...rest, skipped_examples: skippedExamples};
}

export function toCollectionSyncReport(report: Sync.CollectionSyncReport): Wire.CollectionSyncReport {
	return {collection: report.collection, sources: report.sources.map(source => toSourceSyncReport(source))};
}

export function toSyncReport(report: Sync.SyncReport): Wire.SyncReport {
	return {collections: report.collections.map(collection => toCollectionSyncReport(collection))};
}
