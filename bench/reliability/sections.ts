import {authSection} from './auth-section.js';
import {diskFullSection} from './disk-section.js';
import {fuzzSection} from './fuzz-section.js';
import {killsSection} from './kills-section.js';
import {loadSection} from './load-section.js';
import {oauthNamesSection} from './oauth-names-section.js';
import {processSection} from './process-section.js';
import {readOnlySection} from './read-only-section.js';
import {redirectHostSection} from './redirect-host-section.js';
import {refreshReuseSection} from './refresh-reuse-section.js';
import {streamsSection} from './streams-section.js';
import type {Tally} from './tally.js';

export type SectionOptions = {
	readonly seed: number;
	readonly fuzz: number;
	readonly stdio: number;
	readonly kills: number;
	readonly searches: number;
	/** One fuzz case to replay. */
	readonly only?: number;
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
	'oauth-names': async tally => oauthNamesSection(tally),
	'refresh-reuse': async tally => refreshReuseSection(tally),
	'redirect-host': async tally => redirectHostSection(tally),
	streams: async tally => streamsSection(tally),
};
