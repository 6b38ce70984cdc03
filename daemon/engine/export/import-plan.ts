import {realpath, stat} from 'node:fs/promises';
import {EngineError} from '../errors.js';
import {sourceOverlap} from '../sources/document-names.js';
import type {DocumentInfo, DocumentMove, NewSource, Source} from '../storage/types.js';
import type {ExportedSource} from './export-format.js';

/** An exported source as found on this machine. */
export type LocatedSource = ExportedSource & {
	/** Its folder here: the real path when it exists, else the path as exported (kept: a disk may be mounted later). */
	readonly here: string;
	/** Not a folder here (gone, not mounted, or something else): its documents are kept, and `update` reports it. */
	readonly missing: boolean;
};

/** What became of an exported source: one of the collection's already (reconciled), or added; and whether its folder is here. */
export type ImportedSource = {readonly path: string; readonly label: string; readonly added: boolean; readonly missing: boolean};

export type ImportPlan = {
	/** Sources the collection gets. */
	readonly add: readonly NewSource[];
	/** Documents of the collection's one source renamed `<label>/<path>`: it has more than one source now (document-names.ts). */
	readonly moves: readonly DocumentMove[];
	/** Each exported source's label, and the folder of the collection's source it is now. */
	readonly folderOf: ReadonlyMap<string, string>;
	readonly report: readonly ImportedSource[];
};

/** Where each exported source's folder is here: its real path, or missing. */
export async function locateSources(sources: readonly ExportedSource[]): Promise<LocatedSource[]> {
	return Promise.all(sources.map(async source => {
		try {
			const here = await realpath(source.path);
			return {...source, here, missing: !(await stat(here)).isDirectory()};
		} catch {
			return {...source, here: source.path, missing: true};
		}
	}));
}

/**
 * How an export's sources join the collection's (`existing`, with its `documents`): a source whose folder the
 * collection already follows is that source (its label and settings stay: the import reconciles); any other
 * is added with its settings and label (made unique: `-2`...), missing folders too. A folder inside, or
 * holding, one of the collection's other sources is refused (409): a file would belong to two.
 */
export function planImport(existing: readonly Source[], documents: readonly DocumentInfo[], located: readonly LocatedSource[]): ImportPlan {
	const add: NewSource[] = [];
	const folderOf = new Map<string, string>();
	const report: ImportedSource[] = [];
	for (const [index, source] of located.entries()) {
		const same = existing.find(candidate => candidate.path === source.here || candidate.path === source.path);
		if (same) {
			folderOf.set(source.label, same.path);
			report.push({path: same.path, label: same.label, added: false, missing: source.missing});
			continue;
		}

		const taken = [...existing, ...add];
		const overlap = sourceOverlap(taken.map((other, id) => ({id, label: other.label, path: other.path})), source.here);
		if (overlap) {
			throw new EngineError('source_exists', 409, `import: sources.${index}.path: ${overlap}; import into another collection (-C NAME), or remove that source first`);
		}

		const label = uniqueLabel(source.label, taken.map(other => other.label));
		add.push({path: source.here, label, include: source.include, exclude: source.exclude, ignoreFiles: source.ignore_files, hidden: source.hidden, watch: source.watch});
		folderOf.set(source.label, source.here);
		report.push({path: source.here, label, added: true, missing: source.missing});
	}

	return {add, moves: relabelled(existing, documents, add.length), folderOf, report};
}

function uniqueLabel(label: string, taken: readonly string[]): string {
	let unique = label;
	for (let n = 2; taken.includes(unique); n++) {
		unique = `${label.slice(0, 60)}-${n}`;
	}

	return unique;
}

/** A collection of one source that gets more: that source's documents take its label as a prefix, as ingest-dir of a second folder does. */
function relabelled(existing: readonly Source[], documents: readonly DocumentInfo[], added: number): DocumentMove[] {
	if (existing.length !== 1 || added === 0) {
		return [];
	}

	const [only] = existing;
	return documents.filter(document => document.sourceId === only!.id && document.relativePath !== null && document.fileName !== `${only!.label}/${document.relativePath}`)
		.map(document => ({
			from: document.fileName, to: `${only!.label}/${document.relativePath!}`, sourceId: only!.id, relativePath: document.relativePath,
			sourcePath: document.sourcePath, mtimeMs: document.mtimeMs,
		}));
}
