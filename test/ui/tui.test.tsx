import React from 'react';
import test, {type ExecutionContext} from 'ava';
import {render} from 'ink-testing-library';
import {poll} from '../../source/client/poll.js';
import {App} from '../../source/ui/tui/app.js';
import {CollectionList} from '../../source/ui/tui/collection-list.js';
import {StatusBar} from '../../source/ui/tui/status-bar.js';
import {HelpOverlay, keyBindings} from '../../source/ui/tui/help-overlay.js';
import {Preview} from '../../source/ui/tui/preview.js';
import {ResultList} from '../../source/ui/tui/result-list.js';
import {FakeClient, hit} from './fake-client.js';

const corpus = [
	hit('guide.md', 'Install the package with npm, then run the installer.', 0.9),
	hit('faq.md', 'Why does the installer need root? It writes to /usr.', 0.7),
	hit('notes.md', 'Gardening notes: prune roses in spring.', 0.4),
];

type Stdin = {write: (data: string) => void};
type Frame = () => string | undefined;

/** Waits until the frame satisfies `check` (Ink renders asynchronously); gives up after 10 s (slow CI machines). */
async function until(frame: Frame, check: (text: string) => boolean): Promise<string> {
	let last = '';
	await poll(() => {
		last = frame() ?? '';
		return check(last) ? last : undefined;
	}, 10_000, 10);
	return last;
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

/** The whole App over a fake daemon, once its collections show. */
async function openApp(t: ExecutionContext, debounceMs = 5): Promise<{client: FakeClient; lastFrame: Frame; stdin: Stdin}> {
	const client = new FakeClient(corpus);
	const {lastFrame, stdin, unmount} = render(<App client={client} debounceMs={debounceMs}/>);
	t.teardown(unmount);
	await until(lastFrame, text => text.includes('notes'));
	return {client, lastFrame, stdin};
}

/** Types a query, waits until `shows` is among the results, and moves the focus to them. */
async function searchAndBrowse({stdin, lastFrame}: {stdin: Stdin; lastFrame: Frame}, query: string, shows: string) {
	await type(stdin, lastFrame, query);
	await until(lastFrame, text => text.includes(shows));
	await leaveSearch(stdin, lastFrame);
}

test.serial('CollectionList shows names and chunk counts and marks the current one', t => {
	const {lastFrame} = render(<CollectionList collections={[{name: 'notes', count: 12, documents: 2}, {name: 'work', count: 3, documents: 1}]} current='work' focused={false} width={24}/>);
	t.regex(lastFrame()!, / {2}notes 12/);
	t.regex(lastFrame()!, /› work 3/);
});

test.serial('ResultList marks the selected result and highlights query terms; says when empty', t => {
	const {lastFrame} = render(<ResultList results={corpus} selected={1} query='installer' focused height={10} empty='No results.'/>);
	t.regex(lastFrame()!, /› 0\.700 faq\.md Guide › Setup/);
	t.regex(lastFrame()!, /\[installer]/, 'matched term marked (no colour in tests)');
	t.regex(render(<ResultList results={[]} selected={0} query='x' focused height={10} empty='No results.'/>).lastFrame()!, /No results\./);
});

test.serial('Preview shows the heading path, lines and the neighbouring text of the file', t => {
	const {lastFrame} = render(<Preview hit={corpus[0]} height={12} context={() => ({before: ['line before'], after: ['line after']})}/>);
	const frame = lastFrame()!;
	t.regex(frame, /guide\.md:3-5/);
	t.regex(frame, /Guide › Setup/);
	t.true(frame.indexOf('line before') < frame.indexOf('Install the package') && frame.indexOf('Install the package') < frame.indexOf('line after'));
});

test.serial('StatusBar: health ok, degraded with the reason, daemon down; model, mode, latency', t => {
	const ok = render(<StatusBar health={{status: 'ok', version: '1', uptime_s: 1, checks: {chromadb: {status: 'ok', count: 1}, embedder: {status: 'ok', dimension: 32, model: 'tiny'}}}} problem={undefined} mode='keyword' latencyMs={12} message={undefined}/>);
	t.regex(ok.lastFrame()!, /ok {2}model tiny {2}mode keyword {2}last search 12 ms/);
	const degraded = render(<StatusBar health={{status: 'degraded', version: '1', uptime_s: 1, checks: {chromadb: {status: 'ok', count: 1}, embedder: {status: 'unavailable', dimension: 0, model: 'bge', reason: 'no model folder'}}}} problem={undefined} mode='hybrid' latencyMs={undefined} message={undefined}/>);
	t.regex(degraded.lastFrame()!, /degraded: no model folder/);
	const full = render(<StatusBar health={{status: 'degraded', reason: 'the disk of the data folder is full', version: '1', uptime_s: 1, checks: {chromadb: {status: 'ok', count: 1}, embedder: {status: 'ok', dimension: 32, model: 'tiny'}}}} problem={undefined} mode='hybrid' latencyMs={undefined} message={undefined}/>);
	t.regex(full.lastFrame()!, /degraded: the disk of the data folder is full/, 'a background problem, with the model loaded');
	const down = render(<StatusBar health={undefined} problem='cannot reach the md-vector daemon' mode='hybrid' latencyMs={undefined} message={{text: 'boom', error: true}}/>);
	t.regex(down.lastFrame()!, /daemon down: cannot reach the md-vector daemon/);
	t.regex(down.lastFrame()!, /boom/);
});

test.serial('HelpOverlay lists every key binding', t => {
	const frame = render(<HelpOverlay/>).lastFrame()!;
	for (const [keys] of keyBindings) {
		t.true(frame.includes(keys), keys);
	}
});

test.serial('type a query -> results -> preview of the selected one; j and the arrows move the selection', async t => {
	const {client, lastFrame, stdin} = await openApp(t, 50);
	await type(stdin, lastFrame, 'installer');
	await until(() => client.searches.at(-1)?.query, query => query === 'installer');
	let frame = await until(lastFrame, text => text.includes('faq.md') && !text.includes('… hybrid')); // answered, none pending
	t.regex(frame, /› 0\.900 guide\.md/);
	t.regex(frame, /Install the package with npm/, 'preview of the first result');
	t.is(client.searches.at(-1)?.query, 'installer', 'debounced: the last search has the whole query');
	t.true(client.searches.length < 'installer'.length, `debounced: ${client.searches.length} searches for 9 keystrokes`);
	t.is(client.searches.at(-1)?.collection, 'notes', 'the first collection is searched');
	await leaveSearch(stdin, lastFrame);
	stdin.write('j');
	frame = await until(lastFrame, text => text.includes('› 0.700 faq.md'));
	t.regex(frame, /Why does the installer need root/);
	stdin.write('\u001B[A'); // up arrow
	t.regex(await until(lastFrame, text => text.includes('› 0.900 guide.md')), /› 0\.900 guide\.md/);
});

test.serial('m switches the mode and searches again; + raises top-k', async t => {
	const app = await openApp(t);
	const {client, lastFrame, stdin} = app;
	await searchAndBrowse(app, 'roses', 'notes.md');
	stdin.write('m');
	await until(lastFrame, text => text.includes('semantic · top 10'));
	await until(() => client.searches.at(-1)?.mode, mode => mode === 'semantic');
	t.is(client.searches.at(-1)?.mode, 'semantic');
	stdin.write('+');
	await until(lastFrame, text => text.includes('top 15'));
	await until(() => String(client.searches.at(-1)?.top_k), value => value === '15');
	t.is(client.searches.at(-1)?.top_k, 15);
	stdin.write(']');
	await until(() => client.searches.at(-1)?.collection, name => name === 'work');
	t.is(client.searches.at(-1)?.collection, 'work', '] switches collection');
});

test.serial('d asks before deleting; n keeps the document, y deletes it and searches again', async t => {
	const app = await openApp(t);
	const {client, lastFrame, stdin} = app;
	await searchAndBrowse(app, 'installer', 'faq.md');
	stdin.write('d');
	t.regex(await until(lastFrame, text => text.includes('Delete')), /Delete guide\.md and all its chunks from 'notes'\?/);
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

test.serial('a daemon that fails shows as a message, not a crash', async t => {
	const client = new FakeClient(corpus);
	client.failing = 'cannot reach the md-vector daemon at http://127.0.0.1:7821/api/v1 (ECONNREFUSED)';
	const {lastFrame, stdin, unmount} = render(<App client={client} initialCollection='notes' debounceMs={5}/>);
	t.teardown(unmount);
	t.regex(await until(lastFrame, text => text.includes('daemon down')), /daemon down: cannot reach the md-vector daemon/);
	await type(stdin, lastFrame, 'x');
	t.regex(await until(lastFrame, text => text.includes('ECONNREFUSED)') && text.split('ECONNREFUSED').length > 2), /ECONNREFUSED/);
});

test.serial('? opens the help and any key closes it', async t => {
	const {lastFrame, stdin} = await openApp(t);
	await leaveSearch(stdin, lastFrame);
	stdin.write('?');
	t.regex(await until(lastFrame, text => text.includes('md-vector keys')), /any key closes this help/);
	stdin.write('x');
	t.false((await until(lastFrame, text => !text.includes('md-vector keys'))).includes('md-vector keys'));
});
