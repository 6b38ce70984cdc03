// `md-vector config`: settings checked by their schema, kept in the config folder's config.json (through conf),
// shown with where each value comes from; the environment wins; the daemon reads them when it starts.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import test from 'ava';
import {cli} from '../helpers/cli.js';
import {freePort} from '../helpers/free-port.js';

test('set, get, list and unset; bad values are refused naming the key and the rule', async t => {
	const md = cli({MD_VECTOR_ALLOWED_ROOTS: ''}); // unset, so the file's value is the one in force
	const file = path.join(md.home, 'config', 'config.json');
	const set = await md.run(['config', 'set', 'rate-limit', '2']);
	t.is(set.exitCode, 0, String(set.stderr));
	t.is(String(set.stdout), `rate-limit = 2 (in ${file})`);
	t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {'rate-limit': 2}, 'stored typed');
	await md.run(['config', 'set', 'allowed-roots', '/srv/notes:/mnt/wiki']);
	t.is(String((await md.run(['config', 'get', 'allowed-roots'])).stdout), '/srv/notes:/mnt/wiki');
	const list = await md.json(['config', 'list']);
	const row = (key: string) => list.settings.find((setting: {key: string}) => setting.key === key);
	t.like(row('rate-limit'), {value: '2', source: 'file'});
	t.like(row('watch'), {value: 'false', source: 'default'});
	t.like(row('model'), {source: 'env', variable: 'MD_VECTOR_MODEL_DIR'});
	t.regex(String((await md.run(['config', 'list'])).stdout), /^rate-limit +2 +\(file\)$/m);

	const refused: Array<[string[], RegExp]> = [
		[['rate-limit', '-1'], /^md-vector: rate-limit must be a whole number of requests per minute, 0 or more \(0: no limit\), got '-1'$/],
		[['port', 'http'], /^md-vector: port must be a port number from 0 to 65535, got 'http'$/],
		[['watch', 'maybe'], /^md-vector: watch must be true or false, got 'maybe'$/],
		[['model', '../models/bge-small'], /^md-vector: model must be a model md-vector knows \(bge-small-en-v1\.5, e5-small-v2, all-MiniLM-L6-v2: md-vector model list\), an absolute path to a model folder, or a Hugging Face hub id \(owner\/name\), got '\.\.\/models\/bge-small' \(did you mean bge-small-en-v1\.5\?\)$/],
		[['model', '/no/such/model'], /^md-vector: model \/no\/such\/model does not exist: give a model folder's absolute path/],
		[['allowed-roots', 'relative/dir'], /^md-vector: allowed-roots must be an absolute path, got 'relative\/dir'$/],
		[['database-url', 'mysql://db/x'], /^md-vector: database-url must be a postgres:\/\/ or postgresql:\/\/ URL/],
		[['embed-provider', 'cohere'], /^md-vector: embed-provider must be one of local, openai, ollama, got 'cohere'$/],
		[['embed-url', 'https://me:sk-1@host/v1'], /^md-vector: embed-url must not hold a user or password: give the key in MD_VECTOR_EMBED_KEY/],
		[['embed-model', 'two words'], /^md-vector: embed-model must be the model's name on the server/],
		[['embed-dimensions', '0'], /^md-vector: embed-dimensions must be a whole number of dimensions from 1 to 65536, got '0'$/],
		[['embed-key', 'sk-1'], /^md-vector: KEY embed-key is not a setting, so no file holds the key: give it to the daemon in MD_VECTOR_EMBED_KEY, or .*config set embed-key-command/],
		[['rate_limit', '5'], /^md-vector: KEY must be .*, got 'rate_limit' \(did you mean rate-limit\?\)$/],
	];
	for (const [args, pattern] of refused) {
		const result = await md.run(['config', 'set', ...args]);
		t.is(result.exitCode, 2, args.join(' '));
		t.regex(String(result.stderr), pattern, args.join(' '));
	}

	t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {'rate-limit': 2, 'allowed-roots': ['/srv/notes', '/mnt/wiki']}, 'nothing refused was stored');
	const embedding: Array<[string, string]> = [['embed-provider', 'ollama'], ['embed-model', 'all-minilm'], ['embed-url', 'http://127.0.0.1:11434']];
	for (const [key, value] of embedding) {
		await md.run(['config', 'set', key, value]);
		t.is(String((await md.run(['config', 'get', key])).stdout), value, key);
		await md.run(['config', 'unset', key]);
	}

	t.regex(String((await md.run(['config', 'unset', 'rate-limit'])).stdout), /^rate-limit removed from .*: back to 30$/);
	t.is(String((await md.run(['config', 'get', 'rate-limit'])).stdout), '30');

	const fromEnv = cli({MD_VECTOR_RATE_LIMIT: '0'}, md.home);
	t.like(await fromEnv.json(['config', 'get', 'rate-limit']), {value: '0', source: 'env', variable: 'MD_VECTOR_RATE_LIMIT'});
	t.regex(String((await fromEnv.run(['config', 'set', 'rate-limit', '9'])).stderr), /^note: MD_VECTOR_RATE_LIMIT is set in your environment and wins over the file/m);

	writeFileSync(file, JSON.stringify({'rate-limit': 'lots'}));
	const daemon = await md.run(['collections']);
	t.is(daemon.exitCode, 1, 'the daemon does not start with a setting it cannot use');
	t.regex(String(daemon.stderr), /rate-limit must be a whole number/);
});

test('a bad value in the config file never blocks its own fix; every other command names the file, key, rule and fix', async t => {
	const md = cli({MD_VECTOR_PORT: ''});
	t.teardown(md.stop);
	const file = path.join(md.home, 'config', 'config.json');
	mkdirSync(path.dirname(file), {recursive: true});
	writeFileSync(file, JSON.stringify({port: 'seventy', 'rate-limit': 5}));
	const problem = `${file}: port must be a port number from 0 to 65535, got "seventy": fix it with md-vector config set port VALUE, or md-vector config unset port for the default`;
	for (const command of [['collections'], ['search', 'compost'], ['serve', '--host', '127.0.0.1']]) {
		const refused = await md.run(command);
		t.is(refused.exitCode, 1, command.join(' '));
		t.is(String(refused.stderr), `md-vector: ${problem}`, command.join(' '));
	}

	t.is(String((await md.run(['status'])).stderr), `md-vector: no md-vector daemon is running, and none starts until the config file is fixed: ${problem}`);

	const list = await md.run(['config', 'list']);
	t.is(list.exitCode, 0, 'config list works on the file it helps to fix');
	// Values start in one column, after the longest key (embed-key-command) and two spaces.
	t.regex(String(list.stdout), /^port {15}"seventy" {2}\(file, not usable: md-vector config set port VALUE, or unset port\)$/m);
	t.regex(String(list.stdout), /^rate-limit {9}5 {2}\(file\)$/m);
	t.is(String(list.stderr), `md-vector: ${problem}`);
	t.deepEqual((await md.json(['config', 'list'])).problems, [problem]);
	t.is(String((await md.run(['config', 'get', 'rate-limit'])).stdout), '5', 'the other settings still read');
	const get = await md.run(['config', 'get', 'port']);
	t.is(get.exitCode, 2);
	t.is(String(get.stderr), `md-vector: ${problem}`);

	const unset = await md.run(['config', 'unset', 'port']);
	t.is(unset.exitCode, 0, String(unset.stderr));
	t.is(String(unset.stdout), `port removed from ${file}: back to 7821`);
	t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {'rate-limit': 5});

	writeFileSync(file, JSON.stringify({prot: 7000}));
	const typo = await md.run(['collections']);
	t.is(String(typo.stderr), `md-vector: ${file}: 'prot' is not a setting (did you mean port?) (settings: model, port, allowed-roots, rate-limit, watch, database-url, embed-provider, embed-url, embed-model, embed-dimensions or embed-key-command): remove it with md-vector config unset prot`);
	const fixed = await md.run(['config', 'set', 'port', '0']);
	t.is(fixed.exitCode, 0, 'set works beside a key that is no setting');
	t.regex(String(fixed.stderr), /^note: .*'prot' is not a setting/m, 'and says what is still wrong');
	t.is((await md.run(['config', 'unset', 'prot'])).exitCode, 0, 'unset removes a key that is no setting');
	t.deepEqual(JSON.parse(readFileSync(file, 'utf8')), {port: 0});
	t.is((await md.run(['collections'])).exitCode, 0);
	const mistyped = await md.run(['config', 'set', 'prot', '7000']);
	t.is(mistyped.exitCode, 2);
	t.regex(String(mistyped.stderr), /got 'prot' \(did you mean port\?\)$/);
	t.regex(String((await md.run(['config', 'unset', 'prot'])).stderr), /got 'prot' \(did you mean port\?\)$/, 'unset of a key neither a setting nor in the file');
});

test('the daemon a command starts uses the stored port and rate limit; a running one says it needs a restart', async t => {
	const port = await freePort();
	const md = cli({MD_VECTOR_PORT: ''});
	t.teardown(md.stop);
	await md.run(['config', 'set', 'port', String(port)]);
	await md.run(['config', 'set', 'rate-limit', '2']);
	t.is((await md.run(['collections'])).exitCode, 0);
	t.is(md.record()!.port, port, 'the port setting');
	const answers: Response[] = [];
	for (let request = 0; request < 3; request++) { // a client without the local token: limited
		answers.push(await fetch(`http://127.0.0.1:${port}/api/v1/collections`));
	}

	t.deepEqual(answers.map(answer => answer.status), [200, 200, 429], 'the rate-limit setting');
	t.regex((await answers[2]!.json() as {error: {message: string}}).error.message, /^too many requests: at most 2 per 60 s; retry in \d+ s; to raise it: md-vector config set rate-limit N \(or MD_VECTOR_RATE_LIMIT=N\), then md-vector restart \(0 turns it off\)$/, 'the 429 names the setting');
	const change = await md.run(['config', 'set', 'rate-limit', '5']);
	t.regex(String(change.stderr), new RegExp(String.raw`^note: the running daemon \(pid ${md.record()!.pid}\) reads settings when it starts: run md-vector restart to apply this`, 'm'));
});
