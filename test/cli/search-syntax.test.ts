// md-vector search with the query syntax, --min-score and --explain: the real CLI and the daemon it starts.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli, type Cli} from '../helpers/cli.js';
import {temporaryDirectory} from '../helpers/paths.js';

let md: Cli;

test.before(async () => {
	md = cli();
	const folder = temporaryDirectory('md-vector-syntax-notes-');
	writeFileSync(path.join(folder, 'rotation.md'), '# Rotation\n\nRotate the api key every month; the vault keeps it.\n');
	writeFileSync(path.join(folder, 'staging.md'), '# Staging\n\nThe staging api key sits in another vault.\n');
	writeFileSync(path.join(folder, 'reversed.md'), '# Gateway\n\nThe key of the api gateway opens the vault.\n');
	const ingest = await md.run(['ingest-dir', folder, '-C', 'keys']);
	if (ingest.exitCode !== 0) {
		throw new Error(String(ingest.stderr));
	}
});

test.after.always(async () => {
	await md?.stop();
});

/** `search ... --json -- QUERY`: options before --, the query after it. */
async function afterDashes(options: readonly string[], query: string): Promise<any> {
	const result = await md.run(['search', ...options, '--json', '--', query]);
	if (result.exitCode !== 0) {
		throw new Error(String(result.stderr));
	}

	return JSON.parse(String(result.stdout));
}

const files = (answer: {results: Array<{source_file: string}>}) => answer.results.map(result => result.source_file).sort();

test.serial('a query starting with an exclusion goes after --; phrases and exclusions hold in every mode', async t => {
	for (const mode of ['keyword', 'semantic', 'hybrid']) {
		t.deepEqual(files(await afterDashes(['-C', 'keys', '--mode', mode], '-staging vault')), ['reversed.md', 'rotation.md'], mode);
		t.deepEqual(files(await md.json(['search', '-C', 'keys', '--mode', mode, '"api key" vault'])), ['rotation.md', 'staging.md'], mode);
		t.deepEqual(files(await md.json(['search', '-C', 'keys', '--mode', mode, 'vault -"api key"'])), ['reversed.md'], mode);
	}

	const plain = await md.run(['search', '-C', 'keys', '--', '-staging vault']);
	t.is(plain.exitCode, 0, String(plain.stderr));
	t.notRegex(String(plain.stdout), /staging\.md/);
});

test.serial('exclusions alone exit 2 saying what is missing', async t => {
	for (const query of ['-staging', '-"api key" -vault']) {
		const result = await md.run(['search', '-C', 'keys', '--', query]);
		t.is(result.exitCode, 2, query);
		t.regex(String(result.stderr), /the query holds only exclusions .*add a word or "a phrase" to search for/);
	}
});

test.serial('--min-score drops hits below it; a value that is not a number exits 2 naming the option', async t => {
	const all = await md.json(['search', '-C', 'keys', 'vault', '--mode', 'semantic']);
	t.is(all.results.length, 3);
	const threshold = all.results[1].score;
	const kept = await md.json(['search', '-C', 'keys', 'vault', '--mode', 'semantic', '--min-score', String(threshold)]);
	t.deepEqual(kept.results.map((result: {id: string}) => result.id), all.results.filter((result: {score: number}) => result.score >= threshold).map((result: {id: string}) => result.id));
	t.true(kept.results.length < 3);
	t.is((await md.json(['search', '-C', 'keys', 'vault', '--mode', 'semantic', '--min-score', '-1'])).results.length, 3, 'a negative threshold is a number too');
	for (const bad of ['abc', '', '1e', 'NaN']) {
		const result = await md.run(['search', '-C', 'keys', 'vault', '--min-score', bad]);
		t.is(result.exitCode, 2, bad);
		t.regex(String(result.stderr), /--min-score must be a number/);
	}
});

test.serial('--explain: a line under each hit, and an explain object per hit in --json', async t => {
	const plain = await md.run(['search', '-C', 'keys', 'api key vault', '--explain']);
	t.is(plain.exitCode, 0, String(plain.stderr));
	const lines = String(plain.stdout).split('\n');
	const explained = lines.filter(line => /^ {4}(?:keyword #\d+ BM25 \d+\.\d{4} \(\d+%\)|keyword: not found) · (?:vector #\d+ cosine -?\d\.\d{4} \(\d+%\)|vector: not found) · convex$/.test(line));
	t.is(explained.length, 3, String(plain.stdout));
	const json = await md.json(['search', '-C', 'keys', 'api key vault', '--explain', '--mode', 'keyword']);
	for (const [index, result] of (json.results as Array<{score: number; explain: unknown}>).entries()) {
		t.deepEqual(result.explain, {keyword: {rank: index + 1, score: result.score, contribution: result.score, share: 1}, vector: null, fusion: null});
	}

	t.false('explain' in (await md.json(['search', '-C', 'keys', 'api key vault'])).results[0], 'only when asked');
});

test.serial('a query of stop words only finds nothing by keyword and says why', async t => {
	const result = await md.run(['search', 'the and of', '-C', 'keys', '--mode', 'keyword']);
	t.is(result.exitCode, 0);
	t.regex(String(result.stdout), /^No results in 'keys' \(keyword, \d+ ms\)$/);
	t.is(String(result.stderr), 'note: keyword search found nothing to look for: \'the\', \'and\', \'of\' are stop words, left out of the index; add a word that says what you want, or search by meaning (mode: semantic)');
	t.regex((await md.json(['search', 'the', '-C', 'keys', '--mode', 'keyword'])).notice, /'the' is a stop word/, 'the API answer carries it');
	t.is((await md.json(['search', 'the vault', '-C', 'keys', '--mode', 'keyword'])).notice, undefined, 'a query with a word to look for has no such notice');
});
