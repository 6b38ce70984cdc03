// Every operation of the daemon, once, for every front door: REST routes (routes/), MCP tools over Streamable
// HTTP, SSE and the stdio bridge (mcp/), and through REST the command and the TUI. Each takes the caller (Actor)
// and its input in domain terms, checks the caller once, and answers domain results or a domain error; the
// front doors only translate shapes. Built once per app (app.ts).
import type {ModelOrigin} from '../../common/settings/model-origin.js';
import type {Engine} from '../engine/engine.js';
import type {JobRegistry} from '../jobs/job-registry.js';
import type {SourceFollowers} from '../watch/source-followers.js';
import type {ModelSettings} from '../models/model-settings.js';
import type {Actor} from './actor.js';
import * as clients from './clients.js';
import * as collections from './collections.js';
import * as documents from './documents.js';
import {getDocuments, type ManyRequest} from './get-documents.js';
import {embed, type EmbedRequest} from './embeddings.js';
import {health} from './health.js';
import {ingest, type IngestInput} from './ingest.js';
import * as jobs from './jobs.js';
import {search, type SearchQuery} from './search.js';
import * as sync from './sync.js';
import * as transfer from './transfer.js';
import {useModel} from './models.js';

export type UseCaseDeps = {
	readonly engine: Engine;
	readonly jobs: JobRegistry;
	readonly followers: SourceFollowers;
	readonly version: string;
	readonly startedAt: number;
	readonly modelOrigin?: ModelOrigin;
	/** How model references resolve, and the default model's setting (switching models in place). */
	readonly modelSettings?: ModelSettings;
	/** The clients.json keys and the OAuth sign-ins, for the owner's management of clients (default: none). */
	readonly clients?: clients.ClientsDeps;
};

type Input<F extends (...args: never[]) => unknown> = Parameters<F>[2];

export function createUseCases(deps: UseCaseDeps) {
	const {engine} = deps;
	const clientsDeps = deps.clients ?? {keyLabels: () => []};
	return {
		search: async (actor: Actor, query: SearchQuery) => search(engine, actor, query),
		getDocument: async (actor: Actor, request: Input<typeof documents.getDocument>) => documents.getDocument(engine, actor, request),
		getDocuments: async (actor: Actor, request: ManyRequest) => getDocuments(engine, actor, request),
		documentSection: async (actor: Actor, request: Input<typeof documents.documentSection>) => documents.documentSection(engine, actor, request),
		listDocuments: async (actor: Actor, collection: string) => documents.listDocuments(engine, actor, collection),
		deleteDocument: async (actor: Actor, document: documents.DocumentRef) => documents.deleteDocument(engine, actor, document),
		ingest: async (actor: Actor, input: IngestInput) => ingest(engine, actor, input),
		listCollections: async (actor: Actor) => collections.listCollections(engine, actor),
		usableSummaries: async (actor: Actor) => collections.usableSummaries(engine, actor),
		stats: async (actor: Actor, collection: string | undefined, options?: {readonly diskBytes?: boolean}) => collections.stats(engine, actor, collection, options),
		sources: async (actor: Actor, collection: string | undefined) => collections.sources(engine, actor, collection),
		deleteCollection: async (actor: Actor, collection: string) => collections.deleteCollection(engine, actor, collection),
		renameCollection: async (actor: Actor, collection: string, name: string) => collections.renameCollection(engine, actor, collection, name),
		removeSource: async (actor: Actor, collection: string, folder: string) => collections.removeSource(engine, actor, collection, folder),
		startDirectoryJob: async (actor: Actor, input: sync.DirectoryJobInput) => sync.startDirectoryJob(deps, actor, input),
		startUpdateJob: async (actor: Actor, input: Input<typeof sync.startUpdateJob>) => sync.startUpdateJob(deps, actor, input),
		planWatch: async (actor: Actor, collection: string | undefined) => sync.planWatch(deps, actor, collection),
		listJobs: (actor: Actor, page: Input<typeof jobs.listJobs>) => jobs.listJobs(deps, actor, page),
		getJob: async (actor: Actor, id: string) => jobs.getJob(deps, actor, id),
		cancelJob: async (actor: Actor, id: string) => jobs.cancelJob(deps, actor, id),
		followJob: async (actor: Actor, id: string) => jobs.followJob(deps, actor, id),
		exportCollection: async (actor: Actor, collection: string, format: transfer.ExportFormat) => transfer.exportCollection(engine, actor, collection, format),
		importCollection: async (actor: Actor, input: AsyncIterable<string | Uint8Array>, collection: string | undefined) => transfer.importCollection(engine, actor, input, collection),
		embed: async (actor: Actor, request: EmbedRequest) => embed(engine, actor, request),
		health: async (options: {readonly owner: boolean}) => health(deps, options),
		useModel: async (actor: Actor, input: {readonly model: string; readonly collection?: string}) => useModel(deps, actor, input),
		listClients: (actor: Actor) => clients.listClients(clientsDeps, actor),
		revokeClient: (actor: Actor, labelOrName: string) => clients.revokeClient(clientsDeps, actor, labelOrName),
		signInLink: (actor: Actor, input: Input<typeof clients.signInLink>) => clients.signInLink(clientsDeps, actor, input),
	};
}

export type UseCases = ReturnType<typeof createUseCases>;
