import {readFile} from 'node:fs/promises';

const decoder = new TextDecoder('utf-8', {fatal: true});

/** A source file's text; refused with the reason when it is not UTF-8 (a sync reports it under `failed`). */
export async function readMarkdown(file: string): Promise<string> {
	const bytes = await readFile(file);
	try {
		return decoder.decode(bytes);
	} catch {
		throw new Error('not UTF-8: md-vector reads Markdown as UTF-8 text; convert the file (iconv -t UTF-8)');
	}
}
