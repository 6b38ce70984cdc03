// md-vector model verify [NAME]: every file of the installed models against its pinned SHA-256, then their
// embeddings, as at install. A model that fails makes the command fail (exit 1), saying what is wrong.
import {connect} from '../../client/connect.js';
import {exitCodes} from '../../cli/exit-codes.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {followModelJob} from './follow.js';
import {modelName} from './model-name.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const name = invocation.args[0] === undefined ? undefined : modelName(invocation.args[0]);
	const client = await connect({onNotice: io.note});
	const {job} = await client.verifyModel(name === undefined ? {} : {model: name});
	const finished = await followModelJob(client, job, invocation.json, io);
	const verdicts = finished.verdicts ?? [];
	if (finished.state === 'completed' && verdicts.some(verdict => verdict.status !== 'ok')) {
		process.exitCode = exitCodes.failure;
	}

	if (invocation.json || finished.state !== 'completed') {
		return invocation.json ? finished : undefined;
	}

	if (verdicts.length === 0) {
		io.out('no model is installed (md-vector model list; md-vector model install NAME)\n');
	}

	for (const verdict of verdicts) {
		if (verdict.status === 'ok') {
			io.out(`${verdict.name}: ok (${verdict.folder}: every file matches its SHA-256, its embeddings match the model's)\n`);
		} else if (verdict.status === 'not-installed') {
			io.out(`${verdict.name}: not installed (md-vector model install ${verdict.name})\n`);
		} else {
			io.out(`${verdict.name}: FAILED (${verdict.folder})\n${verdict.problems.map(problem => `  ${problem}\n`).join('')}  md-vector model install ${verdict.name} --force installs it again\n`);
		}
	}

	return undefined;
}
