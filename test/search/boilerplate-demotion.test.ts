// Boilerplate (a table of contents, a bare link list, "n/a") does not outrank prose in hybrid search (issue 28),
// through the daemon's app. The embedder is a fake that gives every text the same vector, so the semantic half
// ties and the keyword half decides: what moves the table of contents down is the demotion alone.
import test from 'ava';
import type {Embedder} from '../../daemon/engine/embedder/embedder.js';
import {serveApp, type AppServer} from '../helpers/app.js';

const sameVector: Embedder = {
	modelId: 'same-vector', dims: 4,
	embedDocuments: async texts => texts.map(() => Float32Array.of(0.5, 0.5, 0.5, 0.5)),
	embedQuery: async () => Float32Array.of(0.5, 0.5, 0.5, 0.5),
	dispose: async () => undefined,
};

let app: AppServer;
test.before(async () => {
	app = await serveApp({embedder: sameVector});
	const guide = '# Guide\n\n## Contents\n\n- [Rotate certificates](#rotate-certificates)\n- [Certificate rotation by hand](#by-hand)\n- [Rotate certificates in a cluster](#cluster)\n\n## Garden\n\nTomatoes want sun.\n';
	const answers = '# Questionnaire\n\n## Can certificates be rotated without a restart?\n\nNo.\n';
	const kubelet = '# Kubelet\n\nThe kubelet can rotate its certificates before they expire, without a restart.\n';
	for (const [file_name, content] of [['guide.md', guide], ['answers.md', answers], ['kubelet.md', kubelet]]) {
		const response = await app.request('POST', '/api/v1/ingest', {body: {content, file_name, collection: 'docs'}});
		if (response.status !== 200) {
			throw new Error(`ingest ${file_name}: ${response.status} ${response.text}`);
		}
	}
});
test.after.always(async () => {
	await app?.close();
});

const search = async (query: string, mode: string, fusion = 'convex') => {
	const response = await app.request('POST', '/api/v1/search', {body: {query, mode, fusion, collection: 'docs', top_k: 5}});
	return (response.body.results as Array<{source_file: string; section_title: string; score: number}>).map(hit => `${hit.source_file}#${hit.section_title}`);
};

test('keyword search finds the table of contents first; hybrid puts the prose above it', async t => {
	t.is((await search('rotate certificates', 'keyword'))[0], 'guide.md#Contents', 'the link labels repeat the query');
	const hybrid = await search('rotate certificates', 'hybrid');
	t.is(hybrid[0], 'kubelet.md#Kubelet', hybrid.join(', '));
	t.true(hybrid.indexOf('guide.md#Contents') > 0, hybrid.join(', '));
	t.is((await search('rotate certificates', 'hybrid', 'rrf'))[0], 'kubelet.md#Kubelet', 'with RRF too');
});

test('a placeholder answer under a matching question ranks below the prose that answers it', async t => {
	t.is((await search('certificates rotated without restart', 'keyword'))[0], 'answers.md#Can certificates be rotated without a restart?', 'its heading matches');
	t.is((await search('certificates rotated without restart', 'hybrid'))[0], 'kubelet.md#Kubelet');
});
