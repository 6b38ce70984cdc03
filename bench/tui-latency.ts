// The real TUI in tmux against a real daemon: how long from Enter on the shell to its first frame (search box and
// status bar drawn) and to a usable screen (the collection open, the daemon's health shown); and from the last key
// of a typed query to its results on screen, next to what that search costs over HTTP and inside the daemon.
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {setTimeout as sleep} from 'node:timers/promises';
import type {SearchMode} from '../source/client/api-types.js';
import type {DaemonClient} from '../source/client/daemon-client.js';
import {percentile} from './machine.js';
import {startControlledPane, tmuxQuote, type ControlledPane} from './tmux-control.js';

export type TuiOptions = {
	/** The md-vector command (its bin). */
	readonly cli: string;
	readonly env: NodeJS.ProcessEnv;
	readonly collection: string;
	/** The same daemon, for the expected results and the direct timings. */
	readonly client: DaemonClient;
	/** Candidate queries; those whose last key changes the top hit are typed. */
	readonly queries: readonly string[];
	/** How many times the TUI is started (first frame), and queries typed per mode. */
	readonly starts: number;
	readonly perMode: number;
};

type ModeFigures = {toScreen: number[]; tuiRoundTrip: number[]; http: number[]; daemon: number[]};
export type TuiFigures = {firstFrame: number[]; ready: number[]; modes: Record<'keyword' | 'hybrid', ModeFigures>};

const columns = 160;
const rows = 40;
const loading = (screen: string, collection: string) => screen.includes(`… ${collection} · `);
/** The selected result's line (the first result after a search) shows this hit: `› 0.873 …/dir/file.md heading`. */
const shows = (screen: string, hit: {mark: string; file: string}) => screen.split('\n').some(line => line.includes(hit.mark) && line.includes(hit.file));

/** The TUI, waiting for Enter in its pane: the key press starts the clock. */
async function paneWithTui(options: TuiOptions): Promise<ControlledPane> {
	const environment = Object.entries({...pickEnv(options.env), TERM: 'xterm-256color'}).map(([name, value]) => `${name}=${tmuxQuote(value)}`).join(' ');
	return startControlledPane(`read go; exec env ${environment} ${tmuxQuote(process.execPath)} ${tmuxQuote(options.cli)} -C ${tmuxQuote(options.collection)}`, columns, rows);
}

/** What the TUI needs of the bench's environment (not the whole of it: tmux's command line has a length limit). */
function pickEnv(env: NodeJS.ProcessEnv): Record<string, string> {
	return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && (entry[0].startsWith('MD_VECTOR_') || ['PATH', 'HOME', 'NO_COLOR', 'NODE_COMPILE_CACHE'].includes(entry[0]))));
}

/** Enter -> first frame -> usable; then quits. */
async function oneStart(options: TuiOptions): Promise<{firstFrame: number; ready: number}> {
	const pane = await paneWithTui(options);
	try {
		await sleep(50); // the shell reaches `read`
		const started = performance.now();
		await pane.command('send-keys -t tui Enter');
		const first = await pane.until('the first frame', screen => screen.includes('?: help') && screen.includes('Search'));
		const ready = await pane.until('the collection and health', screen => screen.includes(`${options.collection} · `) && /^ok\b/m.test(screen));
		await pane.command('send-keys -t tui C-c');
		return {firstFrame: first.at - started, ready: ready.at - started};
	} finally {
		await pane.kill();
	}
}

/** The top hit as the results pane prints it: score and file name. */
async function topHit(client: DaemonClient, collection: string, query: string, mode: SearchMode): Promise<{mark: string; file: string; http: number; daemon: number} | undefined> {
	const started = performance.now();
	const response = await client.search({query, mode, top_k: 10, collection});
	const http = performance.now() - started;
	const [first] = response.results;
	// The file is often shortened on screen (…/dir/README.md); the score with the name is what the line surely shows.
	return first ? {mark: `› ${first.score.toFixed(3)} `, file: path.basename(first.source_file), http, daemon: response.timings_ms.total} : undefined;
}

/** Types each query but its last key, waits for its results, then times the last key to the new results. */
async function typedQueries(pane: ControlledPane, options: TuiOptions, mode: SearchMode): Promise<ModeFigures> {
	const figures: ModeFigures = {toScreen: [], tuiRoundTrip: [], http: [], daemon: []};
	const {collection, client} = options;
	const modeOf = (screen: string) => new RegExp(String.raw`${collection} · (\w+) · `).exec(screen)?.[1];
	await pane.command('send-keys -t tui Escape');
	for (let presses = 0; presses < 3 && modeOf(await pane.screen()) !== mode; presses++) {
		const shown = modeOf(await pane.screen());
		await pane.command('send-keys -t tui m');
		await pane.until('the next mode', screen => modeOf(screen) !== shown);
	}

	await pane.until(`mode ${mode}`, screen => modeOf(screen) === mode);
	await pane.command('send-keys -t tui /');
	for (const query of options.queries) {
		if (figures.toScreen.length >= options.perMode) {
			break;
		}

		const prefix = query.slice(0, -1);
		const [before, after] = [await topHit(client, collection, prefix, mode), await topHit(client, collection, query, mode)];
		if (!after || before?.mark === after.mark) { // same score: the last key would not change what is shown
			continue;
		}

		await pane.command('send-keys -t tui C-u');
		await pane.until('an empty search box', screen => screen.includes('type to search'));
		await pane.command(`send-keys -t tui -l ${tmuxQuote(prefix)}`);
		await pane.until('the prefix\'s results', screen => screen.includes(prefix) && !loading(screen, collection) && (before ? shows(screen, before) : screen.includes('No results')), 10_000);
		const started = performance.now();
		await pane.command(`send-keys -t tui -l ${tmuxQuote(query.slice(-1))}`);
		const shown = await pane.until(`the results of '${query}'`, screen => screen.includes(query) && !loading(screen, collection) && shows(screen, after), 10_000);
		figures.toScreen.push(shown.at - started);
		figures.tuiRoundTrip.push(Number(/last search (\d+) ms/.exec(shown.screen)?.[1] ?? Number.NaN)); // NaN: the status bar was not redrawn yet
		const direct = await topHit(client, collection, query, mode); // warm: the daemon has just answered it
		figures.http.push(direct!.http);
		figures.daemon.push(direct!.daemon);
	}

	return figures;
}

export async function benchTui(options: TuiOptions): Promise<TuiFigures> {
	const firstFrame: number[] = [];
	const ready: number[] = [];
	for (let start = 0; start < options.starts; start++) {
		const times = await oneStart(options);
		firstFrame.push(times.firstFrame);
		ready.push(times.ready);
	}

	const pane = await paneWithTui(options);
	try {
		await sleep(50);
		await pane.command('send-keys -t tui Enter');
		await pane.until('the collection and health', screen => screen.includes(`${options.collection} · `) && /^ok\b/m.test(screen));
		const keyword = await typedQueries(pane, options, 'keyword');
		const hybrid = await typedQueries(pane, options, 'hybrid');
		return {firstFrame, ready, modes: {keyword, hybrid}};
	} finally {
		await pane.kill();
	}
}

const p = (values: readonly number[], at: number) => {
	const measured = values.filter(value => Number.isFinite(value));
	return measured.length > 0 ? percentile(measured, at).toFixed(0) : 'n/a';
};

/** The section's lines, as `npm run bench` and `npm run bench:cli` print them. */
export function tuiLines(figures: TuiFigures, chunks: number): string[] {
	const lines = [
		`the TUI in tmux (${columns}x${rows}) against the running daemon, ${chunks.toLocaleString('en-US')} chunks; medians (p90)`,
		`   first frame (search box and status bar) ${p(figures.firstFrame, 50)} ms (${p(figures.firstFrame, 90)}), target <= 400: ${Number(p(figures.firstFrame, 50)) <= 400 ? 'met' : 'NOT met'}; collection and health shown ${p(figures.ready, 50)} ms (${p(figures.ready, 90)}); ${figures.firstFrame.length} starts`,
	];
	for (const [mode, target] of [['keyword', 100], ['hybrid', 150]] as const) {
		const figure = figures.modes[mode];
		lines.push(`   ${mode.padEnd(7)} last key to results on screen ${p(figure.toScreen, 50)} ms (${p(figure.toScreen, 90)}), target <= ${target}: ${Number(p(figure.toScreen, 50)) <= target ? 'met' : 'NOT met'}; `
			+ `of which the TUI's search round trip ${p(figure.tuiRoundTrip, 50)} ms; the same search over HTTP from a warm client ${p(figure.http, 50)} ms, inside the daemon ${p(figure.daemon, 50)} ms; ${figure.toScreen.length} queries`);
	}

	return lines;
}
