// node dist/test/helpers/postgres/with-test-server.js COMMAND [ARGS]: runs the command (npm test: ava) with
// one native PostgreSQL for the whole run, named by MD_VECTOR_TEST_DATABASE_URL, in which every test file makes
// its own database (test-database.ts). The server is stopped and its folder deleted when the command ends,
// fails or is interrupted. When MD_VECTOR_TEST_DATABASE_URL is set already, the command runs against that server.
import {spawn} from 'node:child_process';
import {startNativeServer} from './native-server.js';
import {testServerSettings} from './test-database.js';

const [command, ...args] = process.argv.slice(2);
if (!command) {
	throw new Error('usage: node dist/test/helpers/postgres/with-test-server.js COMMAND [ARGS]');
}

const server = process.env.MD_VECTOR_TEST_DATABASE_URL ? undefined : await startNativeServer(testServerSettings);
const child = spawn(command, args, {stdio: 'inherit', env: {...process.env, ...(server ? {MD_VECTOR_TEST_DATABASE_URL: server.url} : {})}});
// An interrupt reaches the command too (one process group); the server goes once the command has ended.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	process.on(signal, () => {
		child.kill(signal);
	});
}

const code = await new Promise<number>(resolve => {
	child.once('exit', (exitCode, signal) => {
		resolve(exitCode ?? (signal ? 1 : 0));
	});
	child.once('error', error => {
		console.error(`with-test-server: ${command}: ${error.message}`);
		resolve(1);
	});
});
await server?.stop();
process.exitCode = code;
