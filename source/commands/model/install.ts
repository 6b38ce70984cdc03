// md-vector model install NAME: the daemon downloads, checks and installs it as a job this command follows; then,
// when the daemon's settings name this model, it loads it, and the command waits for that (the next search is
// hybrid).
import {connect} from '../../client/connect.js';
import {waitForModel} from '../../client/wait-for-model.js';
import type {Io} from '../../cli/io.js';
import {flag, type Invocation} from '../../cli/spec.js';
import {followModelJob} from './follow.js';
import {modelName} from './model-name.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const name = modelName(invocation.args[0]!);
	const client = await connect({onNotice: io.note});
	const {job} = await client.installModel({model: name, force: flag(invocation, 'force')});
	const finished = await followModelJob(client, job, invocation.json, io);
	if (finished.state !== 'completed') {
		return invocation.json ? finished : undefined;
	}

	let health = await client.health();
	if (health.checks.embedder.status === 'loading') {
		health = await waitForModel(client);
	}

	const {embedder} = health.checks;
	const inUse = embedder.model.split('/').at(-1)!.toLowerCase() === name.toLowerCase() && embedder.status === 'ok';
	if (invocation.json) {
		return {...finished, in_use: inUse};
	}

	const outcome = finished.outcome!;
	for (const attempt of finished.attempts) {
		io.note(`note: ${attempt.source}: ${attempt.error}`);
	}

	io.out(outcome.status === 'installed'
		? `installed ${name} in ${outcome.folder} (from ${outcome.source}; every file and its embeddings checked)\n`
		: `${name} is already installed in ${outcome.folder} (from ${outcome.source}); --force installs it again\n`);
	io.out(inUse
		? 'the daemon embeds with it\n'
		: `to use it: md-vector config set model ${name}, then md-vector restart (the daemon uses ${embedder.model} now)\n`);
	return undefined;
}
