// What differs from run to run (temporary paths, ports, process ids, timings, dates) made the same on every
// run, so a sample shows what a user sees and a check can compare it with the page.

export type Varying = {
	/** The sample home (shown as /home/me, where ~ is). */
	readonly home: string;
	/** The daemon's port (shown as the default port, 7821). */
	readonly port: number;
	/** The checkout (shown as /path/to/md-vector). */
	readonly checkout: string;
	/** The model folder (shown as ~/models/NAME). */
	readonly model: string;
};

const escape = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`);

export function normalise(text: string, varying: Varying): string {
	const modelName = varying.model.split('/').at(-1)!;
	return text
		.replaceAll(varying.model, `/home/me/models/${modelName}`)
		.replaceAll(varying.home, '/home/me')
		.replaceAll(varying.checkout, '/path/to/md-vector')
		.replaceAll(new RegExp(String.raw`(127\.0\.0\.1|localhost):${escape(String(varying.port))}\b`, 'g'), '$1:7821')
		.replaceAll(`"MD_VECTOR_PORT": "${varying.port}"`, '"MD_VECTOR_PORT": "7821"')
		.replaceAll(/\bpid \d+/g, 'pid N')
		.replaceAll(/\b\d+(?:\.\d+)? ms\b/g, 'N ms')
		.replaceAll(/"(embed|vector|keyword|total|took_ms)": \d+(?:\.\d+)?(,?)$/gm, '"$1": N$2')
		.replaceAll(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '2026-01-01T12:00:00.000Z');
}
