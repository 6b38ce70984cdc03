/** How large an import's parts may be; any larger is refused at once (413), whatever else the body holds. */
export type ExportLimits = {
	/** The whole body. */
	readonly bodyBytes: number;
	/** One document (its JSON; see ValueLimits.weight). A document of a 500 KB file with 1,024-dim vectors is ~4 MB. */
	readonly documentBytes: number;
	/** The header's fields together (its sources: a path, a label and up to 200 globs each). */
	readonly headerBytes: number;
	/** Arrays and objects inside one another, within a document or a header field (an exported document has 4). */
	readonly depth: number;
};

export const exportLimits: ExportLimits = {bodyBytes: 512 * 1024 * 1024, documentBytes: 16 * 1024 * 1024, headerBytes: 1024 * 1024, depth: 16};
