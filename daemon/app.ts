import express from 'express';
import helmet from 'helmet';
import type {ModelOrigin} from '../common/settings/model-origin.js';
import type {Engine} from './engine/engine.js';
import {actorStep, assistantReach, commandReach} from './http/actor-of.js';
import {errorHandler, notFoundHandler} from './http/error-handler.js';
import {authenticate} from './http/authenticate.js';
import {bodyLimit} from './http/body-limit.js';
import {apiKeyCheck, localTokenCheck, type CredentialCheck} from './http/credentials.js';
import {FailedAuthentications} from './http/failed-authentications.js';
import {hostGuard} from './http/host-guard.js';
import {proveIdentity} from './http/identity-proof.js';
import {open} from './http/route-access.js';
import {percentEncoding} from './http/percent-encoding.js';
import {preflight} from './http/preflight.js';
import {refuseUndeclared, routesOf, type RouteEntry} from './http/route-declarations.js';
import type {AccessControl} from './http/access-control.js';
import {defaultAssistantRateLimit, mcpRateLimit, rateLimit, type RateLimit} from './http/rate-limit.js';
import {requireJson} from './http/require-json.js';
import type {JobRegistry} from './jobs/job-registry.js';
import {health} from './routes/health.js';
import {collectionsRoutes} from './routes/collections.js';
import {collectionAdminRoutes} from './routes/collection-admin.js';
import {searchRoutes} from './routes/search.js';
import {ingestRoutes} from './routes/ingest.js';
import {documentsRoutes} from './routes/documents.js';
import {jobsRoutes} from './routes/jobs.js';
import {watchRoutes} from './routes/watch.js';
import {WatchStreams} from './watch/watch-streams.js';
import {SourceFollowers} from './watch/source-followers.js';
import {StreamSlots, type StreamLimits} from './http/stream-slots.js';
import {transferRoutes} from './routes/transfer.js';
import {embeddingsRoutes} from './routes/embeddings.js';
import {createUseCases} from './use-cases/use-cases.js';
import {mcpRoutes} from './mcp/mcp-route.js';
import {SseSessions, sseMessageRoutes, sseStreamRoutes} from './mcp/sse-route.js';
import type {OAuth} from './oauth/oauth.js';
import {oauthCredential, offerSignIn} from './oauth/oauth-credential.js';
import {oauthEndpoints} from './oauth/oauth-endpoints.js';
import {signInsOf} from './oauth/sign-ins.js';
import {clientsRoutes} from './routes/clients.js';
import {modelRoutes} from './routes/models.js';
import {modelUseRoutes} from './routes/model-use.js';
import type {ModelService} from './models/model-service.js';
import type {ModelSettings} from './models/model-settings.js';

export type AppDeps = {
	readonly engine: Engine;
	readonly jobs: JobRegistry;
	readonly version: string;
	readonly startedAt: number;
	/** MD_VECTOR_API_KEY; undefined: no key, loopback only. */
	readonly apiKey?: string;
	/** The discovery record's token: the local user's own md-vector programs (owner, not rate limited). */
	readonly localToken?: string;
	/** More kinds of credential (after the local token, OAuth access tokens and API keys). */
	readonly credentials?: readonly CredentialCheck[];
	readonly rateLimit: RateLimit;
	/** Failed authentications allowed per source address (default 30 per 60 s). */
	readonly failedAuthentications?: FailedAuthentications;
	/** Folders that file_path and directory ingest may read (for clients limited by capabilities: their fs scopes). */
	readonly allowedRoots: () => readonly string[];
	/** Capability files and clients in force. */
	readonly access: AccessControl;
	/** The address the daemon binds (a Host the DNS-rebinding guard accepts), and MD_VECTOR_ALLOWED_HOSTS. */
	readonly host: string;
	readonly allowedHosts: readonly string[];
	/** MCP without the write tools (ingest, delete_document). */
	readonly mcpReadOnly: boolean;
	/** OAuth sign-in for assistants (undefined: off, MD_VECTOR_MCP_OAUTH=0). */
	readonly oauth?: OAuth;
	/** MD_VECTOR_MCP_RATE_LIMIT: a loopback assistant's own MCP rate limit (owner or OAuth credential; default 600 a minute). */
	readonly assistantRateLimit?: RateLimit;
	/** Open sessions of the legacy SSE transport (the server closes them when the daemon stops). */
	readonly sseSessions?: SseSessions;
	/** Open watch streams (GET /watch/events), ended when the daemon stops. */
	readonly watchStreams?: WatchStreams;
	/** The one follower per folder source that watch streams and the watch setting share. */
	readonly sourceFollowers?: SourceFollowers;
	/** MD_VECTOR_STREAMS_PER_CLIENT and MD_VECTOR_STREAMS: event streams open at once (default 8 per client, 64 in all). */
	readonly streamLimits?: StreamLimits;
	/** Which setting chose the model and what it names (shown by /health to the owner). */
	readonly modelOrigin?: ModelOrigin;
	/** How model references resolve and the default model's setting: POST /models/use switches models in place. */
	readonly modelSettings?: ModelSettings;
	/** The owner's model list, installs and verifies (GET /models...); absent: no model routes. */
	readonly models?: ModelService;
	readonly log: (line: string) => void;
};

const jsonLimit = 'the limit is 1 MB; content may be at most 500 KB';

/**
 * The HTTP API under /api/v1, MCP at /mcp and /sse, and (OAuth on) the OAuth endpoints at the root, without
 * listening (tests and the server both build it here). Every request: Host/Origin guard, path encoding, CORS
 * preflight, authentication; then the rate limit (not /health), the caller's actor (http/actor-of.ts) and the
 * route, whose first handler declares the operation it serves (undeclared routes are refused). Routes and MCP
 * tools are adapters of one set of use cases (use-cases/), built here.
 */
export function createApp(deps: AppDeps): express.Express {
	const app = express();
	app.disable('x-powered-by');
	// Answers are computed per request and no client revalidates them: hashing every body for an ETag cost each
	// search ~0.06 ms of the daemon's thread for nothing.
	app.set('etag', false);
	app.set('query parser', 'simple');
	const credentials = [
		...(deps.localToken ? [localTokenCheck(deps.localToken)] : []),
		...(deps.oauth ? [oauthCredential(deps.oauth)] : []), // before the API keys: on REST it says why a token is refused
		apiKeyCheck(deps.apiKey, deps.access),
		...deps.credentials ?? [],
	];
	let routes: RouteEntry[] = [];
	const slots = new StreamSlots(deps.streamLimits);
	app.use(helmet());
	app.use(hostGuard({boundHost: deps.host, extraHosts: deps.allowedHosts, access: deps.access, presentsCredential: request => credentials.some(check => check.presented(request))}));
	app.use(percentEncoding(() => routes));
	app.use(preflight(deps.access));
	if (deps.oauth) {
		app.use(offerSignIn(deps.oauth));
	}

	app.use(authenticate({checks: credentials, failures: deps.failedAuthentications ?? new FailedAuthentications(), access: deps.access, ownerKey: Boolean(deps.apiKey)}));
	const limited = rateLimit(deps.rateLimit);
	if (deps.oauth) {
		app.use(oauthEndpoints(deps.oauth.router, deps.oauth.settings.limits)); // at the root, where RFC 8414 and 9728 put the metadata
	}

	const followers = deps.sourceFollowers ?? new SourceFollowers(deps.engine, {log: deps.log});
	const clients = {signIns: deps.oauth && signInsOf(deps.oauth), keyLabels: () => deps.access.current().clients.map(client => client.label)};
	const useCases = createUseCases({engine: deps.engine, jobs: deps.jobs, followers, version: deps.version, startedAt: deps.startedAt, modelOrigin: deps.modelOrigin, modelSettings: deps.modelSettings, clients});
	const api = express.Router();
	api.get('/health', open, proveIdentity(deps.localToken), health(useCases));
	// The local user's own md-vector commands (the local token) may have it read any folder; others keep to the
	// allowed roots or their scopes (http/actor-of.ts).
	api.use(limited, actorStep(commandReach(deps.allowedRoots)));
	api.use(transferRoutes(useCases)); // before the 1 MB JSON parser: an import carries every vector
	api.use(requireJson, bodyLimit(1024 * 1024, jsonLimit), express.json({limit: '1mb'}));
	api.use(collectionsRoutes(useCases));
	api.use(collectionAdminRoutes(useCases));
	api.use(searchRoutes(useCases));
	api.use(ingestRoutes(useCases));
	api.use(documentsRoutes(useCases));
	api.use(jobsRoutes(useCases, slots));
	api.use(watchRoutes({useCases, streams: deps.watchStreams ?? new WatchStreams(), slots}));
	api.use(modelUseRoutes(useCases));
	if (deps.oauth) {
		api.use(clientsRoutes(useCases));
	}

	if (deps.models) {
		api.use(modelRoutes(deps.models, slots));
	}

	api.use(notFoundHandler);
	app.use('/api/v1', api);
	// OpenAI's wire format at its usual path, so an OpenAI client's base URL is http://HOST:PORT/v1.
	app.use('/v1', limited, actorStep(commandReach(deps.allowedRoots)), requireJson, bodyLimit(1024 * 1024, 'the limit is 1 MB'), express.json({limit: '1mb'}), embeddingsRoutes(useCases));

	// MCP: Streamable HTTP at /mcp, the legacy SSE transport at /sse (its messages posted to /messages). An
	// assistant keeps to the allowed roots or its scopes, whatever the owner's credential it was given.
	const mcpOptions = {readOnly: deps.mcpReadOnly};
	const mcpLimited = [mcpRateLimit(deps.rateLimit, deps.assistantRateLimit ?? defaultAssistantRateLimit), actorStep(assistantReach(deps.allowedRoots))];
	const mcpBody = [bodyLimit(1024 * 1024, 'the limit is 1 MB'), express.json({limit: '1mb'})];
	app.use('/mcp', ...mcpLimited, ...mcpBody, mcpRoutes(useCases, mcpOptions));
	const sessions = deps.sseSessions ?? new SseSessions();
	app.use('/sse', ...mcpLimited, sseStreamRoutes(useCases, mcpOptions, sessions, slots));
	app.use('/messages', ...mcpLimited, requireJson, ...mcpBody, sseMessageRoutes(sessions));
	app.use(notFoundHandler);
	app.use(errorHandler(deps.log));
	routes = routesOf(app);
	refuseUndeclared(routes, deps.log);
	return app;
}
