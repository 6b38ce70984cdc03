// Reading and deleting stored documents: get (lines or a "Heading > Sub" section, REST and `md-vector get`),
// a section by heading path (MCP's get_document_section, which may leave the collection to the daemon: the
// one holding the file), the documents of a collection, and delete.
import type {Engine} from '../engine/engine.js';
import type {DeleteResult, DocumentSummary} from '../engine/engine-answers.js';
import type {DocumentLines, GetRequest} from '../engine/documents/get-document.js';
import type {DocumentSection} from '../engine/search/document-section.js';
import type {Actor} from './actor.js';
import {onCollection, onCollections} from './collection-choice.js';
import {notFound} from './errors.js';
import {operations} from './operations.js';

export type DocumentRef = {readonly collection: string; readonly file: string};

/** A document's text, its lines or one section, as indexed, and whether its file changed since. */
export async function getDocument(engine: Engine, actor: Actor, {collection, file, ...request}: DocumentRef & GetRequest): Promise<DocumentLines & DocumentRef> {
	return onCollections(engine, actor, operations.getDocument, [collection], async () => engine.getDocument(collection, file, request));
}

/** The part of a document under a heading path; the collection, when not named, is the one holding the file. */
export async function documentSection(engine: Engine, actor: Actor, request: {readonly collection?: string; readonly file: string; readonly headingPath: readonly string[]}): Promise<DocumentSection & DocumentRef> {
	const {file, headingPath} = request;
	return onCollection(engine, actor, operations.documentSection, request.collection, async name => {
		const section = await engine.documentSection(name, file, headingPath);
		if (!section) {
			throw notFound(`no section ${JSON.stringify(headingPath)} in '${file}' of collection '${name}'`);
		}

		return section;
	}, file);
}

export async function listDocuments(engine: Engine, actor: Actor, collection: string): Promise<DocumentSummary[]> {
	return onCollections(engine, actor, operations.listDocuments, [collection], async () => engine.documents(collection));
}

export async function deleteDocument(engine: Engine, actor: Actor, {collection, file}: DocumentRef): Promise<DeleteResult> {
	return onCollections(engine, actor, operations.deleteDocument, [collection], async () => engine.deleteDocument(collection, file));
}
