import type {Token} from 'stream-json/core/parser.js';
import {EngineError, invalidInput} from '../errors.js';
import {BoundedValue, ValueLimitError} from './bounded-value.js';
import {check} from './export-document.js';
import {exportedDocument, exportHeader, type ExportedDocument, type ExportHeader} from './export-format.js';
import {exportTokens} from './export-tokens.js';
import {exportLimits, type ExportLimits} from './export-limits.js';

/** Where each part of a body goes once read and checked: the header first, then each document in order. */
export type ExportSink = {
	header(header: ExportHeader, where: string): void;
	document(document: ExportedDocument, where: string): Promise<void>;
};

type State
	= | {readonly at: 'top' | 'header-keys' | 'documents-start' | 'documents' | 'after'}
		| {readonly at: 'header-key'; key: string}
		| {readonly at: 'header-value'; readonly key: string; readonly value: BoundedValue}
		| {readonly at: 'document'; readonly value: BoundedValue; readonly where: string};

const found: Partial<Record<Token['name'], string>> = {
	startObject: 'an object', startArray: 'an array', startString: 'a string', startNumber: 'a number', nullValue: 'null', trueValue: 'true', falseValue: 'false',
};

/**
 * Reads a json export (`{header..., "documents": [...]}`) or a jsonl one (the header, then a document per line)
 * as it streams in, one document at a time, and hands each to the sink once checked: memory holds one document
 * at most (ExportLimits), whatever the body's shape. Every problem is a 4xx that names where it is: the line, and
 * the document (its line in jsonl, its index in json).
 */
export async function readExport(input: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, sink: ExportSink, limits: ExportLimits = exportLimits): Promise<void> {
	const reader = new ExportReader(sink, limits);
	for await (const piece of exportTokens(input, limits.bodyBytes)) {
		for (const token of piece.tokens) {
			reader.push(token, piece.line);
		}

		await reader.drain();
	}

	reader.end();
}

class ExportReader {
	private state: State = {at: 'top'};
	private values = 0;
	private documents = 0;
	private jsonl = false;
	private header: Record<string, unknown> | undefined = Object.create(null) as Record<string, unknown>;
	private headerWeight = 0;
	private readonly ready: Array<{document: unknown; where: string}> = [];
	private line = 1;

	constructor(private readonly sink: ExportSink, private readonly limits: ExportLimits) {
		// Fields only.
	}

	push(token: Token, line: number): void {
		this.line = line;
		try {
			this.step(token);
		} catch (error) {
			if (error instanceof ValueLimitError) {
				const where = this.state.at === 'document' ? this.state.where : `line ${line}`;
				throw error.kind === 'depth' ? invalidInput(`import: ${where}: ${error.message}`) : new EngineError('payload_too_large', 413, `import: ${where}: ${error.message}`);
			}

			throw error;
		}
	}

	/** Hands the documents completed so far to the sink, checked. */
	async drain(): Promise<void> {
		for (const {document, where} of this.ready.splice(0)) {
			await this.sink.document(check(exportedDocument, document, where), where);
		}
	}

	end(): void {
		if (this.values === 0) {
			throw invalidInput('import: the file is empty');
		}

		if (this.state.at !== 'top' && this.state.at !== 'after') {
			throw invalidInput(`import: line ${this.line}: the body ends inside the export`);
		}
	}

	/** One token, by where the reader is: between values, in the header's keys, in a document. */
	private step(token: Token): void {
		const {state} = this;
		switch (state.at) {
			case 'top': {
				this.atTop(token);
				return;
			}

			case 'header-keys': {
				this.atHeaderKeys(token);
				return;
			}

			case 'header-key': {
				this.atHeaderKey(token, state);
				return;
			}

			case 'header-value': {
				if (state.value.push(token)) {
					this.headerWeight += state.value.weight;
					if (this.header) {
						this.header[state.key] = state.value.value;
					}

					this.state = {at: 'header-keys'};
				}

				return;
			}

			case 'documents-start': {
				if (token.name !== 'startArray') {
					throw invalidInput(`import: line ${this.line}: documents: must be an array; this is ${found[token.name] ?? token.name}`);
				}

				this.takeHeader();
				this.state = {at: 'documents'};
				return;
			}

			case 'documents': {
				this.atDocuments(token);
				return;
			}

			case 'document': {
				if (state.value.push(token)) {
					this.ready.push({document: state.value.value, where: state.where});
					this.state = {at: this.jsonl ? 'top' : 'documents'};
				}

				return;
			}

			case 'after': {
				throw invalidInput(`import: line ${this.line}: there is more after the end of the export (${found[token.name] ?? token.name})`);
			}
		}
	}

	/** Between top-level values: the header object first, then (jsonl) a document each. */
	private atTop(token: Token): void {
		if (token.name !== 'startObject') {
			throw invalidInput(this.values === 0
				? `import: line ${this.line}: an export starts with its header object ({"format": "md-vector-export", ...}); this starts with ${found[token.name] ?? token.name}`
				: `import: line ${this.line}: a document must be an object; this is ${found[token.name] ?? token.name}`);
		}

		this.values++;
		if (this.values === 1) {
			this.state = {at: 'header-keys'};
		} else {
			this.startDocument(token, `line ${this.line}`);
		}
	}

	/** Between the first object's keys; its end is the end of a json export, or of a jsonl header. */
	private atHeaderKeys(token: Token): void {
		if (token.name === 'startKey') {
			this.state = {at: 'header-key', key: ''};
		} else if (token.name === 'endObject') {
			this.state = {at: this.header ? 'top' : 'after'};
			if (this.header) {
				this.jsonl = true;
				this.takeHeader();
			}
		}
	}

	private atHeaderKey(token: Token, state: {key: string}): void {
		if (token.name === 'stringChunk') {
			state.key += token.value;
			if (state.key.length > 256) {
				throw invalidInput(`import: line ${this.line}: the header has a key longer than 256 characters`);
			}
		} else if (token.name === 'endKey') {
			this.state = state.key === 'documents' && this.header
				? {at: 'documents-start'}
				: {at: 'header-value', key: state.key, value: new BoundedValue({depth: this.limits.depth, weight: this.limits.headerBytes - this.headerWeight}, 'the header')};
		}
	}

	/** In a json export's documents array: a document each, until its end. */
	private atDocuments(token: Token): void {
		if (token.name === 'endArray') {
			this.state = {at: 'header-keys'};
		} else if (token.name === 'startObject') {
			this.startDocument(token, `document ${this.documents + 1}`);
		} else {
			throw invalidInput(`import: line ${this.line}: document ${this.documents + 1}: must be an object; this is ${found[token.name] ?? token.name}`);
		}
	}

	private startDocument(token: Token, where: string): void {
		this.documents++;
		const value = new BoundedValue({depth: this.limits.depth, weight: this.limits.documentBytes}, 'the document');
		this.state = {at: 'document', value, where};
		value.push(token);
	}

	/** The header, checked and handed on once complete: at the end of the first line (jsonl) or at "documents" (json). */
	private takeHeader(): void {
		const where = this.jsonl ? `line ${this.line}` : `line ${this.line}: the header (its fields come before "documents")`;
		this.sink.header(check(exportHeader, this.header, where), where);
		this.header = undefined;
	}
}
