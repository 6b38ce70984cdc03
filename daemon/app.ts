import express from 'express';
import helmet from 'helmet';
import type {ReadPolicy} from '../common/capabilities/fs-scopes.js';
import type {Engine} from './engine/engine.js';
import {errorHandler, notFoundHandler} from './http/error-handler.js';
import {authenticate, permit, preflight} from './http/authorize.js';
import type {AccessControl} from './capabilities/access-control.js';
import {rateLimit, type RateLimit} from './http/rate-limit.js';
import {requireJson} from './http/require-json.js';
import type {JobRegistry} from './jobs/job-registry.js';
import {health} from './routes/health.js';
import {collectionsRoutes} from './routes/collections.js';
import {searchRoutes} from './routes/search.js';
import {ingestRoutes} from './routes/ingest.js';
import {documentsRoutes} from './routes/documents.js';
import {jobsRoutes} from './routes/jobs.js';
import {transferRoutes} from './routes/transfer.js';
import {hostGuard} from './mcp/host-guard.js';
import {mcpRoutes} from './mcp/mcp-route.js';

export type AppDeps = {
	readonly engine: Engine;
	readonly jobs: JobRegistry;
	readonly version: string;
	readonly startedAt: number;
	/** MD_VECTOR_API_KEY; undefined: no key, loopback only. */
	readonly apiKey?: string;
	readonly rateLimit: RateLimit;
	/** Whether a request comes from the local user's own md-vector programs (not rate limited). */
	readonly isLocalUser?: (request: express.Request) => boolean;
	/** Folders that file_path and directory ingest may read (for clients limited by capabilities: their fs scopes). */
	readonly allowedRoots: () => readonly string[];
	/** Capability files and clients in force. */
	readonly access: AccessControl;
	/** The address the daemon binds (the DNS-rebinding guard of /mcp accepts it as Host), and any other accepted names. */
	readonly host: string;
	readonly allowedHosts: readonly string[];
	/** MCP without the write tools (ingest, delete_document). */
	readonly mcpReadOnly: boolean;
	readonly log: (line: string) => void;
};

/** The HTTP API under /api/v1, without listening (tests and the server both build it here). */
export function createApp(deps: AppDeps): express.Express {
	const app = express();
	app.disable('x-powered-by');
	app.set('query parser', 'simple');
	app.use(helmet());
	const api = express.Router();
	api.get('/health', health(deps.engine, deps.version, deps.startedAt));
	api.use(preflight(deps.access), rateLimit(deps.rateLimit, deps.isLocalUser), authenticate(deps));
	const paths = (response: express.Response) => (response.locals.readPolicy as ReadPolicy | undefined) ?? deps.allowedRoots();
	api.use(permit('streamed'), transferRoutes(deps.engine)); // before the 1 MB JSON parser: an import carries every vector
	api.use(requireJson, express.json({limit: '1mb'}), permit('parsed'));
	api.use(collectionsRoutes(deps.engine, async () => deps.engine.diskBytes()));
	api.use(searchRoutes(deps.engine));
	api.use(ingestRoutes(deps.engine, paths));
	api.use(documentsRoutes(deps.engine));
	api.use(jobsRoutes(deps.engine, deps.jobs, paths));
	api.use(notFoundHandler);
	app.use('/api/v1', api);
	const mcp = express.Router();
	mcp.use(hostGuard(deps.host, deps.allowedHosts, deps.access), preflight(deps.access), rateLimit(deps.rateLimit, deps.isLocalUser), authenticate(deps));
	mcp.use(express.json({limit: '1mb'}), mcpRoutes(deps.engine, {readOnly: deps.mcpReadOnly, readable: paths}));
	app.use('/mcp', mcp);
	app.use(notFoundHandler);
	app.use(errorHandler(deps.log));
	return app;
}
