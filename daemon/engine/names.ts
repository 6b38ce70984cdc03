import {invalidInput} from './errors.js';

const collectionPattern = /^[\w.-]{1,128}$/;

/** Collection names: 1-128 characters of A-Z a-z 0-9 . _ - */
export function checkCollectionName(name: string): string {
	if (!collectionPattern.test(name)) {
		throw invalidInput(`collection: must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-' (got ${JSON.stringify(name.slice(0, 140))})`);
	}

	return name;
}

/** Document names: 1-255 characters, no NUL, no '..' segment, not absolute. */
export function checkFileName(name: string): string {
	if (name.length === 0 || name.length > 255) {
		throw invalidInput('file_name: must be 1 to 255 characters');
	}

	if (name.includes('\0')) {
		throw invalidInput('file_name: must not contain a NUL character');
	}

	if (name.split(/[\\/]/).includes('..')) {
		throw invalidInput('file_name: must not contain a \'..\' path segment');
	}

	return name;
}
