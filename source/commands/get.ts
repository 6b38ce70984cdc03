import {existsSync} from 'node:fs';
import path from 'node:path';
import {connect} from '../client/connect.js';
import {DaemonError, UsageError} from '../client/client-errors.js';
import type {DaemonClient} from '../client/daemon-client.js';
import type {DocumentText} from '../client/api-types.js';
import {parseGetTarget, type GetTarget} from '../../common/get/get-target.js';
import {isGlob} from '../../common/get/get-many-limits.js';
import type {Io} from '../cli/io.js';
import {flag, type Invocation} from '../cli/spec.js';
import {defaultCollection} from '../../common/search-defaults.js';

type Request = {readonly file: string; readonly collection: string};

/**
 * Other ways to read what was given, tried in turn when it names no document: a path on this machine (relative
 * to here) as its absolute path, and `COLLECTION:FILE` as a hit's header prints it when searching several
 * collections. The daemon itself takes a stored name and a file's absolute path.
 */
async function alternatives(client: DaemonClient, target: GetTarget, collection: string): Promise<Request[]> {
	const found: Request[] = [];
	if (!process.env.MD_VECTOR_URL && !path.isAbsolute(target.file) && existsSync(target.file)) {
		found.push({file: path.resolve(target.file), collection});
	}

	const colon = target.file.indexOf(':');
	if (colon > 0) {
		const prefix = target.file.slice(0, colon);
		if ((await client.collections()).collections.some(entry => entry.name === prefix)) {
			found.push({file: target.file.slice(colon + 1), collection: prefix});
		}
	}

	return found;
}

/** A 404 for the document or its collection (not for a section of a document that exists). */
const isMissing = (error: unknown) => error instanceof DaemonError && error.status === 404 && !error.message.startsWith('section:');

/** The document as given, else as the first alternative that names one; not found: the first answer's error (it names the nearest). */
async function fetchDocument(client: DaemonClient, target: GetTarget, collection: string, section: string | undefined): Promise<DocumentText> {
	const get = async (request: Request) => client.getDocument(request.file, {collection: request.collection, line: target.line, count: target.count, section});
	try {
		return await get({file: target.file, collection});
	} catch (error) {
		if (!isMissing(error)) {
			throw error;
		}

		for (const request of await alternatives(client, target, collection)) {
			const document = await get(request).catch((error_: unknown) => {
				if (isMissing(error_)) {
					return undefined;
				}

				throw error_;
			});
			if (document) {
				return document;
			}
		}

		throw error;
	}
}

/**
 * Without -C, a name or path the default collection does not hold is looked for in every collection, as a path
 * that search printed names its document wherever it is: the one holding it answers (the first by name, when
 * several do: stderr names the others). None: the default collection's error, or that no collection holds it.
 */
async function fetchFromAny(client: DaemonClient, target: GetTarget, section: string | undefined, io: Io): Promise<DocumentText> {
	try {
		return await fetchDocument(client, target, defaultCollection, section);
	} catch (error) {
		if (!isMissing(error)) {
			throw error;
		}

		const names = (await client.collections()).collections.map(entry => entry.name).filter(name => name !== defaultCollection).sort();
		const found = (await Promise.all(names.map(async name => fetchDocument(client, target, name, section).catch((error_: unknown) => {
			if (isMissing(error_)) {
				return undefined;
			}

			throw error_;
		})))).filter(document => document !== undefined);
		if (found.length > 1) {
			const others = found.slice(1).map(document => `'${document.collection}'`).join(', ');
			io.note(`note: ${found.length} collections hold ${target.file}: this is '${found[0]!.collection}''s; -C picks another (${others})`);
		}

		if (found[0]) {
			return found[0];
		}

		if (names.length > 0 && /^collection '.*' does not exist/.test((error as Error).message)) {
			throw new DaemonError(404, 'not_found', `no collection holds ${target.file} (looked in ${names.map(name => `'${name}'`).join(', ')}); md-vector documents -C NAME lists a collection's documents`);
		}

		throw error;
	}
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	if (invocation.args.length > 1 || isGlob(invocation.args[0]!) || invocation.options['max-bytes'] !== undefined) {
		return (await import('./get-many.js')).runMany(invocation, io);
	}

	let target;
	try {
		target = parseGetTarget(invocation.args[0]!);
	} catch (error) {
		throw new UsageError(`FILE${(error as Error).message.replace(/^\w+/, match => (match === 'file' ? '' : `:${match.toUpperCase()}`))}`, 'invalid_value');
	}

	const section = invocation.options.section as string | undefined;
	const client = await connect({onNotice: io.note});
	const named = invocation.options.collection as string | undefined;
	const document = named === undefined ? await fetchFromAny(client, target, section, io) : await fetchDocument(client, target, named, section);
	if (document.changed_on_disk) {
		io.note(`note: ${document.source_path ?? document.file} changed or is gone since it was indexed; this is the indexed text (md-vector update syncs it)`);
	}

	if (invocation.json) {
		return document;
	}

	if (document.total_lines === 0) {
		return undefined;
	}

	const lines = document.content.split('\n');
	const width = String(document.end_line).length;
	io.out(`${(flag(invocation, 'line-numbers') ? lines.map((line, index) => `${io.style.dim(String(document.start_line + index).padStart(width))}  ${line}`) : lines).join('\n')}\n`);
	return undefined;
}
