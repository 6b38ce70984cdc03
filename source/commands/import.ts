import {readFile} from 'node:fs/promises';
import {connect} from '../client/connect.js';
import type {Io} from '../cli/io.js';
import type {Invocation} from '../cli/spec.js';
import {plural} from '../ui/format.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const text = await readFile(invocation.args[0]!, 'utf8');
	const result = await (await connect({onNotice: io.note})).importExport(text, invocation.options.collection as string | undefined);
	if (invocation.json) {
		return result;
	}

	io.out(`${io.style.green('imported')} ${plural(result.documents, 'document')}, ${plural(result.chunks, 'chunk')} into '${result.collection}'\n`);
	for (const source of result.sources) {
		// Already followed: its documents were matched to their files there, so the next update has nothing to redo.
		const what = source.added ? 'added, followed from now on' : 'already followed, its documents reconciled';
		io.out(`  ${io.style.bold(source.path)}  label ${source.label}, ${what}${source.missing ? `; ${io.style.yellow('missing here')}` : ''}\n`);
	}

	if (result.renamed > 0) {
		io.out(`  ${plural(result.renamed, 'document')} of the folder it followed renamed <label>/<path>: it follows several folders now\n`);
	}

	const missing = result.sources.filter(source => source.missing);
	if (missing.length > 0) {
		// As update says of an unmounted disk: nothing is removed; it syncs once the folder is back.
		io.note(`note: ${missing.map(source => source.path).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not a folder here (moved, deleted or not mounted): `
			+ `the documents are kept, and md-vector update reports ${missing.length === 1 ? 'it' : 'them'} missing until ${missing.length === 1 ? 'it is' : 'they are'} back; `
			+ `to stop following one: md-vector collection remove-source ${result.collection} PATH`);
	}

	return undefined;
}
