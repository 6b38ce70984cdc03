import {realpath, stat} from 'node:fs/promises';
import path from 'node:path';
import type {ReadPolicy} from '../../common/access/fs-scopes.js';
import {markdownExtension} from '../engine/sources/markdown-files.js';
import {decodeText} from '../engine/ingest/decode-text.js';
import {readUserFile} from '../engine/files/read-user-file.js';
import type {FileStamp} from '../engine/files/file-stamp.js';
import {UserFileError} from '../engine/files/user-file-error.js';
import type {FolderCheck} from '../engine/sources/folder-check.js';
import {DomainError, forbidden, invalidInput as bad} from './errors.js';

function inside(root: string, target: string): boolean {
	const relative = path.relative(root, target);
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The fix for a path outside the allowed roots, said the same way on every route: the setting, then a restart (a daemon reads it when it starts). */
const rootsAdvice = 'add its folder with `md-vector config set allowed-roots` (or MD_VECTOR_ALLOWED_ROOTS) where the daemon runs, then `md-vector restart`';

/**
 * A safe path: absolute, no NUL, and after resolving `..` and symlinks inside one of the allowed roots.
 * `kind` file: a regular Markdown file of at most maxBytes; directory: a directory. Returns the real path.
 */
export async function resolveSafePath(field: string, input: string, allowed: readonly string[] | ReadPolicy, kind: 'file' | 'directory', maxBytes = 500 * 1024): Promise<string> {
	if (input.includes('\0')) {
		throw bad(`${field}: must not contain a NUL character`);
	}

	if (!path.isAbsolute(input)) {
		throw bad(`${field}: must be an absolute path`);
	}

	if (Array.isArray(allowed) && allowed.length === 0) {
		throw bad(`${field}: this daemon allows no paths (it has an API key and no allowed roots); send content instead, or ${rootsAdvice}`);
	}

	let real: string;
	try {
		real = await realpath(input);
	} catch {
		throw bad(`${field}: ${input} does not exist`);
	}

	if (Array.isArray(allowed)) {
		const roots = allowed as readonly string[];
		const realRoots = await Promise.all(roots.map(async root => realpath(root).catch(() => path.resolve(root))));
		if (!realRoots.some(root => inside(root, real))) {
			// Said with the fix: the setting (or variable), and that a running daemon reads it only when it starts.
			throw bad(`${field}: ${input} is outside the allowed roots (${roots.join(', ')}) after resolving links and '..': ${rootsAdvice}`);
		}
	} else if (!(allowed as ReadPolicy).mayRead(real)) {
		// A client limited by capability files: refused, not invalid (403).
		throw forbidden(`${field}: ${input} is outside ${(allowed as ReadPolicy).describe} after resolving links and '..'`);
	}

	const info = await stat(real);
	if (kind === 'directory') {
		if (!info.isDirectory()) {
			throw bad(`${field}: must be a directory`);
		}

		return real;
	}

	if (!info.isFile()) {
		throw bad(`${field}: must be a regular file`);
	}

	if (!markdownExtension.test(real)) {
		throw bad(`${field}: must be a Markdown file (.md, .markdown or .mdx)`);
	}

	if (info.size > maxBytes) {
		throw bad(`${field}: the file is ${Math.ceil(info.size / 1024)} KB; the limit is ${maxBytes / 1024} KB`);
	}

	return real;
}

/**
 * The caller's rule for a source's folder as the engine resolves it at each sync (engine/sources/folder-check.ts):
 * inside the allowed roots or the client's fs scopes, else the refusal the sync reports for that source.
 */
export function folderRule(allowed: readonly string[] | ReadPolicy): FolderCheck {
	return async realFolder => {
		if (Array.isArray(allowed)) {
			const roots = allowed as readonly string[];
			const realRoots = await Promise.all(roots.map(async root => realpath(root).catch(() => path.resolve(root))));
			return realRoots.some(root => inside(root, realFolder))
				? undefined
				: `the folder is really ${realFolder}, outside the allowed roots (${roots.length > 0 ? roots.join(', ') : 'none'}) after resolving links: not read`;
		}

		const policy = allowed as ReadPolicy;
		return policy.mayRead(realFolder) ? undefined : `the folder is really ${realFolder}, outside ${policy.describe} after resolving links: not read`;
	};
}

/** The real path of what exists of `input` (its nearest existing folder, links and '..' resolved), with the rest joined. */
async function realPathOfExisting(input: string): Promise<string> {
	let existing = path.resolve(input);
	let rest = '';
	for (;;) {
		try {
			return path.join(await realpath(existing), rest);
		} catch {
			const parent = path.dirname(existing);
			if (parent === existing) {
				return path.resolve(input);
			}

			rest = path.join(path.basename(existing), rest);
			existing = parent;
		}
	}
}

/**
 * A path a request names for the daemon to read later (an imported folder source, or the file an imported
 * document was read from), which may not exist here (a disk not mounted): absolute, no NUL, and what exists of it,
 * links and '..' resolved, inside the allowed roots or the client's fs scopes (403 outside a client's scopes).
 */
export async function checkNamedPath(field: string, input: string, allowed: readonly string[] | ReadPolicy): Promise<void> {
	if (input.includes('\0')) {
		throw bad(`${field}: must not contain a NUL character`);
	}

	if (!path.isAbsolute(input)) {
		throw bad(`${field}: must be an absolute path`);
	}

	const real = await realPathOfExisting(input);
	if (Array.isArray(allowed)) {
		const roots = allowed as readonly string[];
		const realRoots = await Promise.all(roots.map(async root => realpath(root).catch(() => path.resolve(root))));
		if (!realRoots.some(root => inside(root, real))) {
			throw bad(`${field}: ${input} is outside the allowed roots (${roots.length > 0 ? roots.join(', ') : 'none: this daemon has an API key and no allowed roots'}) after resolving links and '..': ${rootsAdvice}`);
		}
	} else if (!(allowed as ReadPolicy).mayRead(real)) {
		throw forbidden(`${field}: ${input} is outside ${(allowed as ReadPolicy).describe} after resolving links and '..'`);
	}
}

/**
 * A Markdown file a request asked the daemon to read (`file_path`): the same rules as resolveSafePath, checked on
 * the file as it is opened, then read through that handle (engine/files/read-user-file.ts), so a link swapped in
 * after a check reads nothing outside. Answers its real path, its text (decode-text.ts) and its stamp as read (engine/files/file-stamp.ts).
 */
export async function readSafeFile(field: string, input: string, allowed: readonly string[] | ReadPolicy, maxBytes = 500 * 1024): Promise<{realPath: string; text: string; stamp: FileStamp | undefined}> {
	await resolveSafePath(field, input, allowed, 'file', maxBytes); // the clear answer for a file that is plainly wrong
	const within = Array.isArray(allowed)
		? await Promise.all((allowed as readonly string[]).map(async root => realpath(root).catch(() => path.resolve(root))))
		: (real: string) => (allowed as ReadPolicy).mayRead(real);
	let file;
	try {
		file = await readUserFile(input, {within, maxBytes});
	} catch (error) {
		throw error instanceof UserFileError ? refusalOf(error, field, input, allowed) : error;
	}

	if (!markdownExtension.test(file.realPath)) {
		throw bad(`${field}: must be a Markdown file (.md, .markdown or .mdx)`);
	}

	return {realPath: file.realPath, text: decodeText(file.bytes, `${field}: ${input}`), stamp: file.stamp};
}

function refusalOf(error: UserFileError, field: string, input: string, allowed: readonly string[] | ReadPolicy): DomainError {
	switch (error.reason) {
		case 'outside': {
			return Array.isArray(allowed)
				? bad(`${field}: ${input} is outside the allowed roots (${(allowed as readonly string[]).join(', ')}) when it is opened (${error.message})`)
				: forbidden(`${field}: ${input} is outside ${(allowed as ReadPolicy).describe} when it is opened`);
		}

		case 'not_regular': {
			return bad(`${field}: must be a regular file`);
		}

		case 'timeout': {
			return new DomainError('file_unavailable', 503, `${field}: ${error.message}; try again`);
		}

		case 'missing':
		case 'too_large':
		case 'unreadable': {
			return bad(`${field}: ${error.message}`);
		}
	}
}
