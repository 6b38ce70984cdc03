import {authSection} from './auth-section.js';
import {bodiesSection} from './bodies-section.js';
import {chunkingSection} from './chunking-section.js';
import {connectionsSection} from './connections-section.js';
import {diskFullSection} from './disk-section.js';
import {fifosSection} from './fifos-section.js';
import {followedSection} from './followed-section.js';
import {frontMatterSection} from './front-matter-section.js';
import {fuzzSection} from './fuzz-section.js';
import {globsSection} from './globs-section.js';
import {killsSection} from './kills-section.js';
import {loadSection} from './load-section.js';
import {namesSection} from './names-section.js';
import {oauthNamesSection} from './oauth-names-section.js';
import {processSection} from './process-section.js';
import {readOnlySection} from './read-only-section.js';
import {swapsSection} from './swaps-section.js';
import {redirectHostSection} from './redirect-host-section.js';
import {refreshReuseSection} from './refresh-reuse-section.js';
import {registrationsSection} from './registrations-section.js';
import {streamsSection} from './streams-section.js';
import type {Tally} from './tally.js';

export type SectionOptions = {
	readonly seed: number;
	readonly fuzz: number;
	readonly stdio: number;
	readonly kills: number;
	readonly searches: number;
	/** Size of each hostile import body (bodies). */
	readonly bodyBytes: number;
	/** How long swaps (and FIFOs) race the daemon's reads (swaps, fifos). */
	readonly raceMs: number;
	/** Rounds of the issue 34 attacks that repeat (followed). */
	readonly rounds: number;
	/** One fuzz case to replay. */
	readonly only?: number;
	/** A PostgreSQL database (empty, pgvector installed) for the sections that run on both backends. */
	readonly databaseUrl?: string;
};

/** The suite's sections, in the order they run. */
export const sections: Record<string, (tally: Tally, options: SectionOptions) => Promise<void>> = {
	fuzz: async (tally, options) => fuzzSection(tally, {seed: options.seed, requests: options.fuzz, stdio: options.stdio, only: options.only}),
	auth: async tally => authSection(tally),
	process: async tally => processSection(tally),
	load: async (tally, options) => loadSection(tally, {seed: options.seed, searches: options.searches}),
	kills: async (tally, options) => killsSection(tally, {seed: options.seed, kills: options.kills}),
	'disk-full': async tally => diskFullSection(tally),
	'read-only': async tally => readOnlySection(tally),
	bodies: async (tally, options) => bodiesSection(tally, {bytes: options.bodyBytes}),
	swaps: async (tally, options) => swapsSection(tally, {ms: options.raceMs}),
	fifos: async (tally, options) => fifosSection(tally, {ms: options.raceMs}),
	'oauth-names': async tally => oauthNamesSection(tally),
	'refresh-reuse': async tally => refreshReuseSection(tally),
	'redirect-host': async tally => redirectHostSection(tally),
	streams: async tally => streamsSection(tally),
	followed: async (tally, options) => followedSection(tally, {rounds: options.rounds}),
	connections: async tally => connectionsSection(tally),
	registrations: async tally => registrationsSection(tally),
	'front-matter': async (tally, options) => frontMatterSection(tally, {depth: 2000, keys: 68_322, good: 20, databaseUrl: options.databaseUrl}),
	globs: async (tally, options) => globsSection(tally, {names: 2000, files: 300, databaseUrl: options.databaseUrl}),
	chunking: async tally => chunkingSection(tally, {bytes: 500 * 1024}),
	names: async tally => namesSection(tally),
};
