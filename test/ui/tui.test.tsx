// The TUI's components and flows with ink-testing-library (100 columns, 24 rows) over a fake daemon client.
import React from 'react';
import test, {type ExecutionContext} from 'ava';
import {render} from 'ink-testing-library';
import {poll} from '../../source/client/poll.js';
import type {SearchResult} from '../../source/client/api-types.js';
import {App} from '../../source/ui/tui/app.js';
import {Tui} from '../../source/ui/tui/tui.js';
import {CollectionList} from '../../source/ui/tui/collection-list.js';
import {StatusBar} from '../../source/ui/tui/status-bar.js';
import {HelpOverlay} from '../../source/ui/tui/help-overlay.js';
import {helpRows} from '../../source/ui/tui/help-rows.js';
import {keymap} from '../../source/ui/tui/keymap.js';
import type {CollectionMemory} from '../../source/ui/tui/last-collection.js';
import {Preview} from '../../source/ui/tui/preview.js';
import {ResultList} from '../../source/ui/tui/result-list.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {FakeClient, hit} from './fake-client.js';

const corpus = [
	hit('guide.md', 'Install the package with npm, then run the installer.', 0.9),
	hit('faq.md', 'Why does the installer need root? It writes to /usr.', 0.7),
	hit('notes.md', 'Gardening notes: prune roses in spring.', 0.4),
];

type Stdin = {write: (data: string) => void};
type Frame = () => string | undefined;
type Opened = {client: FakeClient; lastFrame: Frame; stdin: Stdin; memory: MemoryStore};

/** Waits until the frame satisfies `check` (Ink renders asynchronously); fails with the last frame after 10 s. */
async function until(frame: Frame, check: (text: string) => boolean): Promise<string> {
	let last = '';
	const found = await poll(() => {
		last = frame() ?? '';
		return check(last) ? last : undefined;
	}, 10_000, 10);
	if (found === undefined) {
		throw new Error(`the frame never matched ${check.toString()}; last frame:\n${last}`);
	}

	return found;
}

/** Types into the search box one key at a time, each once the box shows the previous one. */
async function type(stdin: Stdin, frame: Frame, text: string) {
	for (let length = 1; length <= text.length; length++) {
		stdin.write(text[length - 1]!);
		await until(frame, current => current.includes(`Search ${text.slice(0, length)}`));
	}
}

/** Esc leaves the search box; waits until it shows as left (Ink holds a lone Esc until the next tick). */
async function leaveSearch(stdin: Stdin, frame: Frame) {
	stdin.write('\u001B');
	await until(frame, current => current.includes('  Search '));
}

class MemoryStore implements CollectionMemory {
	readonly written: string[] = [];
	constructor(private value?: string) {
		// Fields only.
	}

	read() {
		return this.value;
	}

	write(name: string) {
		this.value = name;
		this.written.push(name);
	}
}

type Options = {
	debounceMs?: number;
	collection?: string;
	memory?: MemoryStore;
	client?: FakeClient;
	openInEditor?: (hit: SearchResult) => string | undefined;
	reconnect?: (onNotice: (line: string) => void) => Promise<FakeClient>;
};

/** The whole App over a fake daemon, once its collections show. */
async function openApp(t: ExecutionContext, options: Options = {}): Promise<Opened> {
	const client = options.client ?? new FakeClient(corpus);
	const memory = options.memory ?? new MemoryStore();
	const {lastFrame, stdin, unmount} = render(<App client={client} memory={memory} debounceMs={options.debounceMs ?? 5} collection={options.collection} openInEditor={options.openInEditor} reconnect={options.reconnect}/>);
	t.teardown(unmount);
	await until(lastFrame, text => /^ok /m.test(text)); // health and the collections, asked together, are in
	return {client, lastFrame, stdin, memory};
}

/** Types a query and waits until its search is answered (new results select the first one) with `shows` among them. */
async function searchFor({stdin, lastFrame, client}: Pick<Opened, 'stdin' | 'lastFrame' | 'client'>, query: string, shows: string) {
	await type(stdin, lastFrame, query);
	await until(() => client.searches.at(-1)?.query, sent => sent === query);
	await until(lastFrame, text => text.includes(shows) && !/… \S+ · (?:hybrid|semantic|keyword)/.test(text));
}

/** Searches, then moves the focus to the results. */
async function searchAndBrowse(app: Opened, query: string, shows: string) {
	await searchFor(app, query, shows);
	await leaveSearch(app.stdin, app.lastFrame);
}

test.serial('CollectionList labels the counts and marks the current one', t => {
	const {lastFrame} = render(<CollectionList collections={[{name: 'notes', count: 340, documents: 12}, {name: 'work', count: 1, documents: 1}]} current='work' focused={false} width={28} height={10}/>);
	t.regex(lastFrame()!, / {2}notes\s.*\n.* {3}12 docs · 340 chunks/);
	t.regex(lastFrame()!, /› work\s.*\n.* {3}1 doc · 1 chunk\b/);
});

test.serial('ResultList: the selected result marked, query terms highlighted, long paths keep their file name', t => {
	const long = hit('corpus/reference/7.4/Microsoft.PowerShell.Core/About/about_Splatting.md', 'Splatting passes parameters', 0.5);
	const {lastFrame} = render(<ResultList results={[...corpus, long]} selected={1} query='installer' focused width={60} height={12} lines={2} empty='No results.'/>);
	t.regex(lastFrame()!, /› 0\.700 faq\.md Guide › Setup/);
	t.regex(lastFrame()!, /⟦installer⟧/, 'matched term marked (no colour in tests)');
	t.regex(lastFrame()!, /0\.500 corpus\/reference\/7\.4\/…\/About\/about_Splatting\.md/);
	t.regex(render(<ResultList results={[]} selected={0} query='x' focused width={60} height={10} lines={2} empty='No results.'/>).lastFrame()!, /No results\./);
	const stale = {...hit('notes/garden.md', 'Compost weekly', 0.9), changed_on_disk: true};
	const marked = render(<ResultList results={[stale, ...corpus]} selected={0} query='compost' focused width={60} height={12} lines={2} empty='No results.'/>).lastFrame()!;
	t.regex(marked, /0\.900 notes\/garden\.md \(changed\)/, 'a hit whose file changed since it was indexed is marked');
	t.notRegex(marked, /faq\.md \(changed\)/);
});

test.serial('Preview wraps the chunk to the pane, shows the heading path and the file around it; PgDn scrolls', t => {
	const long = {...corpus[0]!, content: 'Install the package with npm, then run the installer, which asks where to put the index and how many threads it may use.'};
	const context = () => ({before: ['line before'], after: ['line after']});
	const frame = render(<Preview hit={long} width={40} height={12} offset={0} context={context}/>).lastFrame()!;
	t.regex(frame, /guide\.md:3-5/);
	t.regex(frame, /Guide › Setup/);
	t.regex(frame, /│ Install the package with npm, then {3}│\n│ run the installer, which asks where {2}│\n│ to put the index and how many {8}│\n│ threads it may use\. /, 'wrapped, not cut');
	t.true(frame.indexOf('line before') < frame.indexOf('Install the package') && frame.indexOf('use.') < frame.indexOf('line after'));
	const short = render(<Preview hit={long} width={40} height={7} offset={0} context={context}/>).lastFrame()!;
	t.regex(short, /… 4 more lines \(PgDn\)/);
	const scrolled = render(<Preview hit={long} width={40} height={7} offset={2} context={context}/>).lastFrame()!;
	t.regex(scrolled, /Guide › Setup\s+│\n│ run the installer, which asks where/);
	t.notRegex(scrolled, /line before/);
});

test.serial('StatusBar: health, degraded with the reason, daemon down; counts, vector fill-in, model, latency', t => {
	const health = {status: 'ok', version: '1', uptime_s: 1, checks: {chromadb: {status: 'ok', count: 1}, embedder: {status: 'ok', dimension: 32, model: 'tiny'}}} as const;
	const notes = {name: 'notes', count: 340, documents: 12};
	const ok = render(<StatusBar health={health} problem={undefined} collection={notes} stats={undefined} latencyMs={12} message={undefined}/>);
	t.regex(ok.lastFrame()!, /^ok {2}notes: 12 docs · 340 chunks {2}model tiny {2}last search 12 ms {2}\?: help {2}q: quit/);
	const stats = {collection: 'notes', documents: 12, chunks: 340, vectors: 85, tokens: 0, model: 'tiny', dims: 32, chunker_version: 1, index_vectors: 85, index_kind: 'flat', index_rebuilding: null, vector_fill: {done: 85, total: 340}} as const;
	t.regex(render(<StatusBar health={health} problem={undefined} collection={notes} stats={stats} latencyMs={undefined} message={undefined}/>).lastFrame()!, /^ok {2}vectors 85\/340 \(25%\) {2}notes:/);
	const degraded = render(<StatusBar health={{status: 'degraded', version: '1', uptime_s: 1, checks: {chromadb: {status: 'ok', count: 1}, embedder: {status: 'unavailable', dimension: 0, model: 'bge', reason: 'no model folder'}}}} problem={undefined} collection={undefined} stats={undefined} latencyMs={undefined} message={undefined}/>);
	t.regex(degraded.lastFrame()!, /^degraded {2}\(no model folder\) {2}model bge/);
	// What /health answers while the model loads at the start (health.ts): status degraded, no problem.
	const loadingChecks = {chromadb: {status: 'ok', count: 1}, embedder: {status: 'loading', dimension: 0, model: 'bge'}, background: {status: 'ok', problems: []}};
	const loading = render(<StatusBar health={{status: 'degraded', reason: 'the model bge is loading', version: '1', uptime_s: 1, checks: loadingChecks}} problem={undefined} collection={undefined} stats={undefined} latencyMs={undefined} message={undefined}/>);
	t.regex(loading.lastFrame()!, /^starting {2}\(the model bge is loading\) {2}model bge/, 'a model loading is no problem');
	const problem = {source: 'data folder', message: 'the disk of the data folder is full', since: '2026-01-01T00:00:00Z'};
	const loadingFull = render(<StatusBar health={{status: 'degraded', reason: problem.message, version: '1', uptime_s: 1, checks: {...loadingChecks, background: {status: 'degraded', problems: [problem]}}}} problem={undefined} collection={undefined} stats={undefined} latencyMs={undefined} message={undefined}/>);
	t.regex(loadingFull.lastFrame()!, /^degraded {2}\(the disk of the data folder is full\)/, 'a problem while it loads is one');
	const down = render(<StatusBar health={undefined} problem='cannot reach the md-vector daemon' collection={undefined} stats={undefined} latencyMs={undefined} message={{text: 'boom', error: true}}/>);
	const full = render(<StatusBar health={{...health, status: 'degraded', reason: 'the disk of the data folder is full'}} problem={undefined} collection={undefined} stats={undefined} latencyMs={undefined} message={undefined}/>);
	t.regex(full.lastFrame()!, /^degraded {2}\(the disk of the data folder is full\) {2}model tiny/, 'a background problem, with the model loaded');
	t.regex(down.lastFrame()!, /daemon down \(r: restart\): cannot reach the md-vector daemon/);
	t.regex(down.lastFrame()!, /boom/);
});

test.serial('HelpOverlay is the keymap: every pane binding, in the rows an 80x24 terminal leaves it', t => {
	const frame = render(<HelpOverlay width={80} height={19} offset={0}/>).lastFrame()!;
	t.is(frame.split('\n').length, 19);
	const rows = helpRows(keymap).filter(row => !row.title);
	t.true(rows.length > 15);
	for (const row of rows) {
		t.true(frame.includes(row.label), row.label);
	}

	t.true(keymap.filter(binding => binding.when.some(scope => ['search', 'results', 'collections'].includes(scope))).every(binding => rows.some(row => row.label === binding.label && row.help.includes(binding.help))));
	t.is(new Set(rows.map(row => row.label)).size, rows.length, 'each key once: what it does in each list on one row');
});

test.serial('HelpOverlay on a short, narrow terminal: what does not fit is counted, and scrolling shows it', t => {
	const rows = helpRows(keymap);
	const top = render(<HelpOverlay width={60} height={12} offset={0}/>).lastFrame()!;
	t.is(top.split('\n').length, 12);
	t.regex(top, new RegExp(String.raw`… ${rows.length - 8} more \(↓\)`), 'one column of 9 rows, the last saying how many more');
	t.true(top.includes('In the search box'));
	const bottom = render(<HelpOverlay width={60} height={12} offset={99}/>).lastFrame()!;
	t.true(bottom.includes(rows.at(-1)!.label) && bottom.includes(rows.at(-1)!.help), 'scrolled to the end, the last binding shows');
	t.false(bottom.includes('more (↓)'));
});

test.serial('type a query -> results -> preview of the selected one; j and the arrows move the selection', async t => {
	const app = await openApp(t, {debounceMs: 50});
	const {client, lastFrame, stdin} = app;
	await searchFor(app, 'installer', 'faq.md');
	let frame = lastFrame()!;
	t.regex(frame, /› 0\.900 guide\.md/);
	t.regex(frame, /Install the package with npm/, 'preview of the first result');
	t.is(client.searches.at(-1)?.collection, 'notes', 'no default, none remembered: the daemon\'s first collection');
	await leaveSearch(stdin, lastFrame);
	stdin.write('j');
	frame = await until(lastFrame, text => text.includes('› 0.700 faq.md'));
	t.regex(frame, /Why does the installer need root/);
	stdin.write('\u001B[A'); // up arrow
	t.regex(await until(lastFrame, text => text.includes('› 0.900 guide.md')), /› 0\.900 guide\.md/);
});

test.serial('a key searches at once; keys typed while a search is on its way send only the latest query, when it returns', async t => {
	const client = new FakeClient(corpus);
	client.holdSearches = true;
	const {lastFrame, stdin, unmount} = render(<App client={client} memory={new MemoryStore()}/>);
	t.teardown(unmount);
	await until(lastFrame, text => /^ok /m.test(text) && text.includes('notes · hybrid'));
	stdin.write('i');
	await until(lastFrame, text => text.includes('Search i') && text.includes('… notes · hybrid'));
	for (const key of 'nst') {
		stdin.write(key);
	}

	await until(lastFrame, text => text.includes('Search inst'));
	// A debounce would have dropped "i" for the keys after it; it was sent with its key.
	t.deepEqual(client.searches.map(search => search.query), ['i'], 'sent at once, and nothing more while it is on its way');
	client.release();
	await until(() => client.searches.map(search => search.query).join(','), sent => sent === 'i,inst');
	t.is(client.searches[1]!.query, 'inst', 'then the latest query only');
	t.false(lastFrame()!.includes('› 0.900 guide.md'), 'the stale answer to "i" was not shown');
	client.holdSearches = false;
	client.release();
	await until(lastFrame, text => text.includes('› 0.900 guide.md') && !text.includes('… notes'));
	t.is(client.maxInFlight, 1);
});

test.serial('keys typed together in one read all count: "kj" moves twice, Esc+j and Esc+] are Esc then the key', async t => {
	const app = await openApp(t);
	await searchFor(app, 'installer', 'faq.md');
	app.stdin.write('\u001Bj');
	t.regex(await until(app.lastFrame, text => text.includes('› 0.700 faq.md')), /│ {3}Search installer {2}/, 'the focus left the search box and j moved the selection');
	app.stdin.write('kj');
	await until(app.lastFrame, text => text.includes('› 0.700 faq.md') && !text.includes('installerkj'));
	t.notRegex(app.lastFrame()!, /installerj/, 'j was not typed into the query');
	app.stdin.write('/');
	await until(app.lastFrame, text => text.includes('› Search installer'));
	app.stdin.write('\u001B]'); // Esc and ] in one read: Esc, then the next collection
	t.regex(await until(app.lastFrame, text => text.includes('work · hybrid')), /│ {3}Search installer {2}/);
});

test.serial('m switches the mode and searches again; + raises top-k; ] switches collection and remembers it', async t => {
	const app = await openApp(t);
	const {client, lastFrame, stdin, memory} = app;
	await searchAndBrowse(app, 'roses', 'notes.md');
	stdin.write('m');
	await until(lastFrame, text => text.includes('semantic · top 10'));
	await until(() => client.searches.at(-1)?.mode, mode => mode === 'semantic');
	stdin.write('+');
	await until(() => String(client.searches.at(-1)?.top_k), value => value === '15');
	t.is(client.searches.at(-1)?.top_k, 15);
	stdin.write(']');
	await until(() => client.searches.at(-1)?.collection, name => name === 'work');
	t.is(client.searches.at(-1)?.collection, 'work', '] switches collection');
	t.is(memory.read(), 'work', 'remembered for the next start');
});

test.serial('opens on the remembered collection, else `default`; -C wins', async t => {
	const remembered = await openApp(t, {memory: new MemoryStore('work')});
	t.regex(await until(remembered.lastFrame, text => text.includes('work · hybrid')), /work: 1 doc · 1 chunk/);
	const client = new FakeClient(corpus);
	client.collectionList = [{name: 'alpha', count: 1, documents: 1}, {name: 'default', count: 2, documents: 1}];
	const byDefault = await openApp(t, {client});
	await until(byDefault.lastFrame, text => text.includes('default · hybrid'));
	const chosen = await openApp(t, {collection: 'fresh', memory: new MemoryStore('work')});
	t.regex(await until(chosen.lastFrame, text => text.includes('fresh · hybrid')), /No collection 'fresh' yet: press i to ingest a\s+│.*\n│\s+directory into it\./);
});

test.serial('d asks before deleting; n keeps the document, y deletes it and searches again', async t => {
	const app = await openApp(t);
	const {client, lastFrame, stdin} = app;
	await searchAndBrowse(app, 'installer', 'faq.md');
	stdin.write('d');
	t.regex(await until(lastFrame, text => text.includes('Delete')), /Delete guide\.md\s*║\n║ and all its chunks from 'notes'\? {2}y delete · n keep/);
	stdin.write('n');
	t.regex(await until(lastFrame, text => text.includes('nothing deleted')), /nothing deleted/);
	t.deepEqual(client.deleted, []);
	stdin.write('d');
	await until(lastFrame, text => text.includes('Delete'));
	stdin.write('y');
	const frame = await until(lastFrame, text => text.includes('deleted guide.md'));
	t.deepEqual(client.deleted, ['guide.md']);
	t.notRegex(await until(lastFrame, text => !text.includes('0.900 guide.md')), /0\.900 guide\.md/, 'searched again without it');
	t.regex(frame, /deleted guide\.md \(1 chunks\)/);
});

test.serial('Enter opens the selected result in the editor; a problem shows as a message', async t => {
	const opened: string[] = [];
	const app = await openApp(t, {
		openInEditor(result) {
			opened.push(result.source_file);
			return opened.length > 1 ? 'could not run nano: spawnSync nano ENOENT' : undefined;
		},
	});
	await searchAndBrowse(app, 'installer', 'faq.md');
	app.stdin.write('j');
	await until(app.lastFrame, text => text.includes('› 0.700 faq.md'));
	app.stdin.write('\r');
	await until(() => opened.join(','), files => files === 'faq.md');
	app.stdin.write('\r');
	t.regex(await until(app.lastFrame, text => text.includes('ENOENT')), /could not run nano/);
});

test.serial('i: fast typing and Enter in one read start the ingest with the whole path; Tab completes; done opens the new collection', async t => {
	const app = await openApp(t);
	const {client, lastFrame, stdin} = app;
	await leaveSearch(stdin, lastFrame);
	stdin.write('i');
	await until(lastFrame, text => text.includes('Ingest a directory'));
	stdin.write('/data/sm');
	stdin.write('all');
	stdin.write('\u001B[B'); // down: the collection field
	stdin.write('\u0015fresh\r'); // Ctrl-U, a new name and Enter, as one read
	await until(lastFrame, text => text.includes('Ingesting into \'fresh\''));
	t.deepEqual(client.jobs, [{directory: '/data/small', collection: 'fresh'}]);
	t.regex(await until(lastFrame, text => text.includes('1/2 files')), /Esc cancel \(done files are kept\)/);
	client.finishJob!();
	const done = await until(lastFrame, text => text.includes('ingested /data/small'));
	t.regex(done, /ingested \/data\/small into 'fresh': 2 files indexed, 0 unchanged, 0 failed, 6 chunks/);
	t.regex(await until(lastFrame, text => text.includes('fresh: 2 docs')), /fresh · hybrid/, 'the new collection is open, with its counts');
});

test.serial('i: a pasted path with its line break starts the ingest; a refused folder keeps the dialog open with why', async t => {
	const app = await openApp(t);
	const {client, lastFrame, stdin} = app;
	await leaveSearch(stdin, lastFrame);
	stdin.write('i');
	await until(lastFrame, text => text.includes('Ingest a directory'));
	stdin.write('\u001B[200~/data/missing\r\u001B[201~');
	t.regex(await until(lastFrame, text => text.includes('does not exist')), /directory: \/data\/missing does not exist/);
	t.regex(lastFrame()!, /› Directory {2}\/data\/missing/, 'still there to correct');
	stdin.write('\u007F'.repeat('missing'.length));
	stdin.write('\u001B[200~notes\n\u001B[201~');
	await until(lastFrame, text => text.includes('Ingesting into \'notes\''));
	t.deepEqual(client.jobs, [{directory: '/data/notes', collection: 'notes'}]);
	stdin.write('\u001B');
	t.regex(await until(lastFrame, text => text.includes('cancelled')), /ingest of \/data\/notes cancelled: 1 file indexed, 0 unchanged, 0 failed, 3 chunks \(kept\)/);
	t.deepEqual(client.cancelled, ['job-1']);
});

test.serial('a daemon that fails shows as a message, not a crash; r reconnects (a new daemon) and searches again', async t => {
	const client = new FakeClient(corpus);
	client.failing = 'cannot reach the md-vector daemon at http://127.0.0.1:7821/api/v1 (ECONNREFUSED)';
	const restarted = new FakeClient(corpus);
	const {lastFrame, stdin, unmount} = render(<App client={client} collection='notes' debounceMs={5} reconnect={async onNotice => {
		onNotice('started the md-vector daemon (pid 42) on http://127.0.0.1:7822');
		return restarted;
	}}/>);
	t.teardown(unmount);
	t.regex(await until(lastFrame, text => text.includes('daemon down')), /daemon down \(r: restart\): cannot reach the md-vector daemon/);
	await type(stdin, lastFrame, 'installer');
	const failed = await until(lastFrame, text => text.includes('notes · hybrid') && !text.includes('… notes'));
	t.is(failed.split('cannot reach the md-vector daemon').length, 2, `the daemon's problem once, in the status bar, not again for the search:\n${failed}`);
	t.false(failed.includes('No results'));
	await leaveSearch(stdin, lastFrame);
	stdin.write('r');
	t.regex(await until(lastFrame, text => text.includes('pid 42')), /started the md-vector daemon \(pid 42\)/);
	await until(lastFrame, text => text.includes('› 0.900 guide.md') && /^ok /m.test(text));
	t.is(restarted.searches.at(-1)?.query, 'installer', 'the new daemon is asked');
});

test.serial('the status bar follows vectors being filled in', async t => {
	const client = new FakeClient(corpus);
	client.vectors = 1;
	const app = await openApp(t, {client});
	t.regex(await until(app.lastFrame, text => text.includes('vectors 1/3')), /vectors 1\/3 \(33%\)/);
});

test.serial('? opens the help and any other key closes it', async t => {
	const {lastFrame, stdin} = await openApp(t);
	await leaveSearch(stdin, lastFrame);
	stdin.write('?');
	t.regex(await until(lastFrame, text => text.includes('md-vector keys')), /any other key closes this help/);
	stdin.write('x');
	t.false((await until(lastFrame, text => !text.includes('md-vector keys'))).includes('md-vector keys'));
});

test.serial('the TUI draws at once, before the daemon answers; a daemon that cannot be started shows why in the status bar and r tries again', async t => {
	const {lastFrame, stdin, unmount} = render(<Tui env={{MD_VECTOR_HOME: temporaryDirectory('md-vector-tui-'), MD_VECTOR_PORT: '99999'}}/>);
	t.teardown(unmount);
	t.regex(lastFrame()!, /Search[\s\S]*\?: help {2}q: quit/, 'the first frame is the whole TUI: search box to status bar');
	const frame = await until(lastFrame, text => text.includes('MD_VECTOR_PORT'));
	t.regex(frame, /daemon down \(r: restart\): MD_VECTOR_PORT must be a port number from 0 to 65535, got '99999'/);
	await leaveSearch(stdin, lastFrame);
	stdin.write('r');
	t.regex(await until(lastFrame, text => text.includes('could not reconnect')), /could not reconnect: MD_VECTOR_PORT must be a port number/);
});

test.serial('path:GLOB and KEY:VALUE words of the search box are the filter; the other words are the query; the help says so', async t => {
	const app = await openApp(t);
	await type(app.stdin, app.lastFrame, 'install path:api/** status:draft tags:cli https://example.org');
	await until(() => app.client.searches.at(-1)?.query, sent => sent === 'install https://example.org');
	t.deepEqual(app.client.searches.at(-1)?.filter, {paths: ['api/**'], meta: {status: 'draft', tags: 'cli'}});
	const help = helpRows(keymap);
	t.true(help.some(row => row.label === 'path:GLOB') && help.some(row => row.label === 'KEY:VALUE'));
});
