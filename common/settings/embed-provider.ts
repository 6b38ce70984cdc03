// The rules of the embedding provider settings (embed-provider, embed-url, embed-model), without zod: the
// command's config checks and the daemon's start both use them.

export const embedProviders = ['local', 'openai', 'ollama'] as const;
export type EmbedProvider = (typeof embedProviders)[number];

/** Where each server provider is when embed-url is not set. */
export const defaultEmbedUrl: Readonly<Record<Exclude<EmbedProvider, 'local'>, string>> = {
	openai: 'https://api.openai.com/v1',
	ollama: 'http://127.0.0.1:11434',
};

export const modelNameRule = 'must be the model\'s name on the server: 1 to 200 letters, digits and . _ - : / @ (no spaces)';

export const isModelName = (value: string) => /^[\w.:/@-]{1,200}$/.test(value);

/** Why a base URL cannot be used, or undefined. A key inside the URL would end up in a file others may read. */
export function embedUrlProblem(value: string): string | undefined {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return 'must be an http:// or https:// URL (the server\'s base, e.g. http://127.0.0.1:11434 or https://host/v1)';
	}

	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return 'must be an http:// or https:// URL (the server\'s base, e.g. http://127.0.0.1:11434 or https://host/v1)';
	}

	if (url.username || url.password) {
		return 'must not hold a user or password: give the key in MD_VECTOR_EMBED_KEY or MD_VECTOR_EMBED_KEY_COMMAND';
	}

	if (url.search || url.hash) {
		return 'must be a base URL without ?query or #fragment';
	}

	return undefined;
}
