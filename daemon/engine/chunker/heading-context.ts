/**
 * Whether the embedded text starts with the chunk's heading path (`Doc > Section`), from MD_VECTOR_EMBED_HEADINGS:
 * unset or `1` yes (the default), `0` the chunk's text alone. Chunk boundaries are the same either way, so the
 * setting measures what the heading path adds (npm run eval); use it on a fresh collection.
 */
export function headingContextFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
	const value = env.MD_VECTOR_EMBED_HEADINGS?.trim() ?? '';
	if (value !== '' && value !== '0' && value !== '1') {
		throw new Error(`MD_VECTOR_EMBED_HEADINGS must be 0 or 1, got '${env.MD_VECTOR_EMBED_HEADINGS}'`);
	}

	return value !== '0';
}
