import test from 'ava';
import {chunkerVersion} from '../../daemon/engine/chunker/chunk-markdown.js';
import {startDaemon, type RunningDaemon} from '../helpers/daemon.js';

const header = {format: 'md-vector-export', version: 1, collection: 'notes', model_id: null, dims: null, chunker_version: chunkerVersion, exported_at: '2026-11-22T00:00:00Z'};

function documentLine(name: string, content: string) {
	return {
		file_name: name, title: name, tags: [], content_hash: `h-${name}`, byte_size: content.length,
		chunks: [{id: `c-${name}`, ordinal: 0, section_title: name, heading_level: 1, heading_path: [name], content, start_line: 1, end_line: 3, tokens: 20, text_hash: `t-${name}`}],
	};
}

/** Posts `text` as a stream of small pieces, cut mid-line and mid-character, as a slow network delivers it. */
async function postInPieces(daemon: RunningDaemon, text: string, contentType: string) {
	const bytes = new TextEncoder().encode(text);
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			for (let at = 0; at < bytes.length; at += 7) {
				controller.enqueue(bytes.slice(at, at + 7));
			}

			controller.close();
		},
	});
	const response = await fetch(`${daemon.url}/api/v1/import`, {method: 'POST', headers: {'content-type': contentType}, body, duplex: 'half'} as RequestInit);
	return {status: response.status, body: await response.json()};
}

test('a jsonl import is read as it streams in; a bad line is named and nothing of the import is stored', async t => {
	const daemon = await startDaemon();
	try {
		const lines = [header, documentLine('compost.md', 'Compost needs airflow — café grounds and 東京 leaves.'), documentLine('basil.md', 'Basil likes warm windowsills.')];
		const imported = await postInPieces(daemon, `${lines.map(line => JSON.stringify(line)).join('\r\n')}\n`, 'application/x-ndjson');
		t.deepEqual(imported, {status: 200, body: {status: 'ok', collection: 'notes', documents: 2, chunks: 2, sources: [], renamed: 0}});
		const found = await daemon.request('POST', '/api/v1/search', {query: 'café 東京', mode: 'keyword', collection: 'notes'});
		t.is(found.body.results[0]?.content, 'Compost needs airflow — café grounds and 東京 leaves.', 'multi-byte characters cut between pieces arrive whole');

		const broken = [JSON.stringify({...header, collection: 'other'}), JSON.stringify(documentLine('a.md', 'Fine.')), '', '{"file_name": "b.md", "title": 3}'];
		const refused = await postInPieces(daemon, broken.join('\n'), 'application/x-ndjson');
		t.is(refused.status, 400);
		t.regex(refused.body.error.message, /^import: line 4: /);
		const collections = await daemon.request('GET', '/api/v1/collections');
		t.false(JSON.stringify(collections.body).includes('"other"'), 'the valid line before the bad one was not stored either');
	} finally {
		await daemon.stop();
	}
});

test('a json import (one document over many lines) and the content type rule', async t => {
	const daemon = await startDaemon();
	try {
		const whole = JSON.stringify({...header, documents: [documentLine('tomato.md', 'Tomatoes need full sun.')]}, undefined, 2);
		t.like(await postInPieces(daemon, whole, 'application/json'), {status: 200, body: {documents: 1, chunks: 1}});
		const wrongType = await postInPieces(daemon, whole, 'text/plain');
		t.is(wrongType.status, 415);
		t.like(await postInPieces(daemon, '\n\n', 'application/json'), {status: 400, body: {error: {message: 'import: the file is empty'}}});
	} finally {
		await daemon.stop();
	}
});

test('an export\'s sources and places are checked before anything is stored: each refusal names the field and the rule', async t => {
	const daemon = await startDaemon();
	try {
		const v2 = {...header, version: 2};
		const source = (folder: string, label: string) => ({path: folder, label, include: [], exclude: [], ignore_files: true, hidden: false, watch: false});
		const cases: Array<[unknown[], RegExp]> = [
			[[{...v2, sources: [source('notes', 'n')]}], /^import: line 1: sources\.0\.path: must be an absolute path without/],
			[[{...v2, sources: [source('/data/notes/../etc', 'n')]}], /sources\.0\.path: must be an absolute path without '\.', '\.\.'/],
			[[{...v2, sources: [source('/data/notes', 'n'), source('/data/notes/sub', 'm')]}], /sources\.1\.path: \/data\/notes\/sub lies inside the source \/data\/notes/],
			[[{...v2, sources: [source('/data/a', 'n'), source('/data/b', 'n')]}], /sources\.1\.label: 'n' is the label of sources\.0 too/],
			[[{...v2, sources: [source('/data/a', '.n')]}], /sources\.0\.label: must be 1-64 characters/],
			[[v2, {...documentLine('a.md', 'x'), source: 'n', relative_path: 'a.md'}], /^import: line 2: document 'a\.md': source: 'n' is not the label of one of the header's sources/],
			[[{...v2, sources: [source('/data/a', 'n')]}, {...documentLine('a.md', 'x'), source: 'n'}], /document 'a\.md': source and relative_path go together/],
			[[{...v2, sources: [source('/data/a', 'n')]}, {...documentLine('a.md', 'x'), source: 'n', relative_path: 'sub/../../a.md'}], /line 2: relative_path: must be a relative POSIX path/],
			[[v2, {...documentLine('a.md', 'x'), text: 'not what was indexed'}], /document 'a\.md': text: its SHA-256 is not the document's content_hash/],
			[[v2, {...documentLine('../a.md', 'x')}], /document '\.\.\/a\.md': file_name: must not contain a '\.\.' path segment/],
		];
		for (const [lines, message] of cases) {
			const refused = await postInPieces(daemon, lines.map(line => JSON.stringify(line)).join('\n'), 'application/x-ndjson');
			t.is(refused.status, 400, JSON.stringify(refused.body));
			t.regex(refused.body.error.message, message);
		}

		t.deepEqual((await daemon.request('GET', '/api/v1/collections')).body.collections, [], 'nothing of any of them was stored');
	} finally {
		await daemon.stop();
	}
});
