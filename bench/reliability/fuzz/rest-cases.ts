import type {Random} from '../random.js';
import {malformedBodies, mutate, oddStrings, percentEncode} from './values.js';
import {post, type FuzzCase, type FuzzContext} from './types.js';

const valid = /^[\w.-]{1,128}$/;
const badName = (value: unknown) => typeof value !== 'string' || !valid.test(value);

/** A path with a percent-encoded UTF-16 surrogate (not valid UTF-8) tests decoding: finding F-percent-encoding. */
const encodingFinding = (path: string) => (/%ed%[ab]/i.test(path) ? 'F-percent-encoding' : 'general');

/** POST /search: a valid body, one mutated, or a body that is not JSON. */
export function searchCase(random: Random, context: FuzzContext, label: string): FuzzCase {
	const body = {query: random.pick(['compost', 'kubectl plugin', 'NEAR(a b)', '"quoted phrase"', 'café 東京', 'a* OR b']), top_k: random.int(1, 100), mode: random.pick(['hybrid', 'semantic', 'keyword']), collection: context.collection};
	const kind = random.int(0, 9);
	if (kind < 3) {
		return {finding: 'general', label: `${label} search valid`, request: post('/search', body), expect: [200]};
	}

	if (kind < 8) {
		const mutated = mutate(random, body);
		const {query} = mutated;
		const invalid = typeof query !== 'string' || query.length === 0 || query.length > 2000
			|| (mutated.top_k !== undefined && !(Number.isInteger(mutated.top_k) && (mutated.top_k as number) >= 1 && (mutated.top_k as number) <= 100))
			|| (mutated.collection !== undefined && badName(mutated.collection));
		return {finding: 'general', label: `${label} search ${JSON.stringify(mutated).slice(0, 200)}`, request: post('/search', mutated), ...(invalid ? {expect: [400]} : {})};
	}

	const text = random.pick(malformedBodies);
	return {finding: 'general', label: `${label} search malformed ${JSON.stringify(text.toString().slice(0, 80))}`, request: post('/search', text), expect: [400, 413]};
}

/** POST /ingest: content (valid, odd, too large, with NUL) or file_path (text, not text, outside, relative). */
export function ingestCase(random: Random, context: FuzzContext, label: string): FuzzCase {
	const collection = 'fuzz-ingest';
	const kind = random.int(0, 11);
	const named = `${label.replaceAll(/\W/g, '-')}.md`;
	switch (kind) {
		case 0:
		case 1: {
			return {finding: 'general', label: `${label} ingest content`, request: post('/ingest', {content: `# ${random.pick(oddStrings.slice(40))}\n\nCompost ${label}.\n`, file_name: named, collection}), expect: [200]};
		}

		case 2: {
			const content = `# a\n\n${random.pick(['\u0000', 'x\u0000y', '\uD800', 'a\uDC00'])}`;
			return {finding: 'item-9', label: `${label} ingest content with NUL or a lone surrogate`, request: post('/ingest', {content, file_name: named, collection}), expect: [400]};
		}

		case 3: {
			return {finding: 'item-9', label: `${label} ingest a file that is not text`, request: post('/ingest', {file_path: context.binaryFile, collection}), expect: [400]};
		}

		case 4: {
			return {finding: 'general', label: `${label} ingest a text file`, request: post('/ingest', {file_path: context.textFile, collection}), expect: [200]};
		}

		case 5: {
			const filePath = random.pick(['/etc/passwd', 'relative.md', `${context.folder}/../outside.md`, `${context.folder}/missing.md`, `${context.folder}\u0000.md`, context.folder, '', '/proc/self/environ', '/dev/zero']);
			return {finding: 'general', label: `${label} ingest file_path ${JSON.stringify(filePath)}`, request: post('/ingest', {file_path: filePath, collection}), expect: [400, 403]};
		}

		case 6: {
			if (random.chance(0.7)) { // a 500 KB document takes the tiny model ~1 s to embed: a few are enough
				return {finding: 'general', label: `${label} ingest an empty name`, request: post('/ingest', {content: '# a\n\nb', file_name: '', collection}), expect: [400]};
			}

			const size = random.pick([500 * 1024, (500 * 1024) + 1]);
			return {finding: 'general', label: `${label} ingest ${size} bytes`, request: post('/ingest', {content: `# big\n\n${'word '.repeat(size / 5)}`.slice(0, size), file_name: named, collection}), expect: size > 500 * 1024 ? [400] : [200]};
		}

		case 7: {
			return {finding: 'general', label: `${label} ingest both content and file_path`, request: post('/ingest', {content: '# a', file_path: context.textFile, collection}), expect: [400]};
		}

		case 8: {
			const text = random.pick(malformedBodies);
			return {finding: 'general', label: `${label} ingest malformed`, request: post('/ingest', text), expect: [400, 413]};
		}

		default: {
			const mutated = mutate(random, {content: '# Title\n\nBody text.\n', file_name: named, collection, mode: 'default'});
			return {finding: 'general', label: `${label} ingest ${JSON.stringify(mutated).slice(0, 200)}`, request: post('/ingest', mutated)};
		}
	}
}

/** GET /collections, /stats, /documents, /jobs..., /health; collection names odd or absent. */
export function readCase(random: Random, context: FuzzContext, label: string): FuzzCase {
	const name = random.pick([context.collection, 'absent-collection', ...oddStrings]);
	const query = percentEncode(name);
	const route = random.pick([
		'/health', '/collections', `/stats?collection=${query}`, `/documents?collection=${query}`, '/jobs', `/jobs/${context.jobId}`,
		`/jobs/${percentEncode(name)}`, `/stats?collection=${query}&collection=other`, '/stats', `/documents?collection[]=${query}`,
	]);
	// Certain answers only: a job id that does not exist, a collection name that is invalid or the fuzzed one.
	const single = route.includes('collection=') && !route.includes('&') && !route.includes('[]');
	let expect: number[] | undefined;
	if (route === `/jobs/${percentEncode(name)}` && name !== '' && name !== context.jobId) {
		// Not valid percent-encoding (a lone surrogate's bytes): refused as such (400) or as no such job (404).
		expect = encodingFinding(route) === 'F-percent-encoding' ? [400, 404] : [404];
	} else if (single && name === context.collection) {
		expect = [200];
	} else if (single && badName(name)) {
		expect = [400];
	}

	return {finding: encodingFinding(route), label: `${label} GET ${route.slice(0, 200)}`, request: {method: 'GET', path: `/api/v1${route}`}, ...(expect ? {expect} : {})};
}

/** DELETE /documents/{name}: names odd, encoded or not, absent; in the collection the ingest cases write (200 when one made it). */
export function deleteCase(random: Random, _context: FuzzContext, label: string): FuzzCase {
	const name = random.pick(['absent.md', 'a/b.md', ...oddStrings]);
	// Sometimes as it is (a client that does not encode); node:http sends printable ASCII only.
	const encoded = random.chance(0.8) || /[^\u0021-\u007E]/.test(name) ? percentEncode(name) : name.replaceAll(/[#?]/g, '');
	return {finding: encodingFinding(encoded), label: `${label} DELETE /documents/${encoded.slice(0, 120)}`, request: {method: 'DELETE', path: `/api/v1/documents/${encoded}?collection=fuzz-ingest`}, expect: [200, 400, 404]};
}

/** GET /export and POST /import: formats, collections, bodies that are not exports, bad vectors. */
export function transferCase(random: Random, context: FuzzContext, label: string): FuzzCase {
	if (random.chance(0.3)) {
		const format = random.pick(['json', 'jsonl', 'csv', 'md', 'xml', '', 'JSON', '%00']);
		const valid = ['json', 'jsonl', 'csv', 'md'].includes(format);
		return {finding: 'general', label: `${label} export ${format}`, request: {method: 'GET', path: `/api/v1/export?collection=${context.collection}&format=${format}`}, expect: valid ? [200] : [400]};
	}

	const header = {format: 'md-vector-export', version: 1, collection: 'fuzz-import', model_id: context.modelId, dims: context.dims, chunker_version: context.chunkerVersion, exported_at: 'x'};
	const vector = (values: number[]) => Buffer.from(Float32Array.from({length: context.dims}, (_, index) => values[index] ?? 0).buffer).toString('base64');
	const document = (vectorText?: string) => ({file_name: `${label}.md`, title: 't', tags: [], content_hash: 'h', byte_size: 1, chunks: [{id: 'i', ordinal: 0, section_title: 's', heading_level: 1, heading_path: ['s'], content: 'compost', start_line: 1, end_line: 1, tokens: 1, text_hash: `t${label}`, ...(vectorText === undefined ? {} : {vector: vectorText})}]});
	const kind = random.int(0, 5);
	if (kind === 0) {
		const poison = random.pick([[Number.NaN], [Number.POSITIVE_INFINITY], [], [3.4e38, 3.4e38]]);
		return {finding: 'item-2', label: `${label} import a vector of ${poison.join(',') || 'zeros'}`, request: post('/import', `${JSON.stringify(header)}\n${JSON.stringify(document(vector(poison)))}\n`, {'content-type': 'application/x-ndjson'}), expect: [400]};
	}

	if (kind === 1) {
		return {finding: 'general', label: `${label} import with the wrong content type`, request: post('/import', JSON.stringify(header), {'content-type': 'text/plain'}), expect: [415]};
	}

	if (kind === 2) {
		const mutated = mutate(random, document(vector([1])));
		return {finding: 'general', label: `${label} import ${JSON.stringify(mutated).slice(0, 200)}`, request: post('/import', `${JSON.stringify(header)}\n${JSON.stringify(mutated)}\n`, {'content-type': 'application/x-ndjson'})};
	}

	if (kind === 3) {
		const mutated = JSON.stringify(mutate(random, header));
		return {finding: 'general', label: `${label} import a header ${mutated.slice(0, 200)}`, request: post('/import', mutated, {'content-type': 'application/json'})};
	}

	const text = random.pick(malformedBodies);
	return {finding: 'general', label: `${label} import malformed ${JSON.stringify(text.toString().slice(0, 80))}`, request: post('/import', text, {'content-type': random.pick(['application/json', 'application/x-ndjson'])}), expect: [400]};
}

/** POST /jobs/ingest-directory and its cancel: directories odd, outside, not directories. */
export function jobCase(random: Random, context: FuzzContext, label: string): FuzzCase {
	if (random.chance(0.3)) {
		return {finding: 'general', label: `${label} cancel a job`, request: post(`/jobs/${random.pick([context.jobId, 'nope', '%20'])}/cancel`, {}), expect: [200, 404]};
	}

	const directory = random.pick(['/etc', '/', 'relative', `${context.folder}/../..`, context.textFile, `${context.folder}\u0000`, '', '/proc', ...oddStrings.slice(0, 10)]);
	const body = random.chance(0.8) ? {directory, collection: 'fuzz-jobs'} : mutate(random, {directory: context.folder, collection: 'fuzz-jobs', mode: 'incremental'});
	return {finding: 'general', label: `${label} job ${JSON.stringify(body).slice(0, 200)}`, request: post('/jobs/ingest-directory', body)};
}
