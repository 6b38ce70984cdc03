import {exitCodes} from '../cli/exit-codes.js';
import type {Io} from '../cli/io.js';
import {stringOption, type Invocation} from '../cli/spec.js';
import {UsageError} from '../client/client-errors.js';
import {connect} from '../client/connect.js';

/**
 * `md-vector get PATTERN...`: several documents by name and glob, each under a `==> file <==` header (as
 * `head` prints several files), then what was skipped and what matched nothing on stderr; exit 1 when a
 * pattern matched nothing (the others still print).
 */
export async function runMany(invocation: Invocation, io: Io): Promise<unknown> {
	if (invocation.options.section !== undefined) {
		throw new UsageError('--section reads one section of one document: give one FILE', 'invalid_value');
	}

	const maxBytes = invocation.options['max-bytes'] === undefined ? undefined : Number(invocation.options['max-bytes']);
	const client = await connect({onNotice: io.note});
	const answer = await client.getDocuments({patterns: invocation.args, collection: stringOption(invocation, 'collection'), ...(maxBytes === undefined ? {} : {max_bytes: maxBytes})});
	if (answer.unmatched.length > 0) {
		process.exitCode = exitCodes.failure;
	}

	if (invocation.json) {
		return answer;
	}

	const blocks = answer.documents.map(document => `${io.style.bold(`==> ${document.file} <==`)}\n${document.content}${document.content.endsWith('\n') || document.content === '' ? '' : '\n'}`);
	io.out(blocks.join('\n'));
	for (const entry of answer.skipped) {
		io.note(entry.reason === 'too_large'
			? `skipped ${entry.file}: ${entry.byte_size} bytes, over --max-bytes ${maxBytes}`
			: `skipped ${entry.file}: more documents matched than one get prints (narrow the patterns)`);
	}

	for (const pattern of answer.unmatched) {
		io.note(`no document of '${answer.collection}' matches '${pattern}' (md-vector documents -C ${answer.collection} lists them)`);
	}

	return undefined;
}
