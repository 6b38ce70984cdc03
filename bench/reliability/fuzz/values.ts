import type {Random} from '../random.js';

/** Strings that broke services like this one: boundaries, Unicode edge cases, paths, FTS5 syntax, markup, names. */
export const oddStrings: readonly string[] = [
	'', ' ', '\t\r\n', 'a', 'x'.repeat(2000), 'x'.repeat(2001), 'é'.repeat(2001), '🍮'.repeat(1000), '東京'.repeat(600),
	'\u0000', 'a\u0000b', '\uFEFFbom', '\u202Eevil', 'e\u0301', '\u200B\u200D', '\uD800', 'a\uDFFFb', '\uFFFF', '\u{10FFFF}',
	'../../etc/passwd', '/etc/passwd', String.raw`C:\Windows\system.ini`, '%2e%2e%2f', '%00', '~', '$HOME', '${HOME}', '\\',
	'<script>alert(1)</script>', '\' OR 1=1 --', '"quoted"', '"unterminated', 'NEAR(a b)', 'a* OR b', 'AND', 'OR NOT -', '^x', 'col:term', '*',
	'{}', '[]', 'null', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'default', 'a/b/c.md', '.hidden.md', 'CON', 'x'.repeat(255), 'x'.repeat(256),
	'a'.repeat(128), 'a'.repeat(129), 'a b', 'ümlaut', 'naïve-café.md',
];

/** Values of every JSON type, including the ones a schema might coerce. */
export const oddValues: readonly unknown[] = [
	...oddStrings.slice(0, 20), 0, -1, 1, 1.5, 100, 101, 2 ** 31, (2 ** 53) + 2, -0, 1e308, '10', '1e2', true, false, null, [], {}, ['a'], {a: 1}, [[[]]],
];

/** Request bodies that are not JSON, or JSON a parser may choke on. */
export const malformedBodies: ReadonlyArray<string | Buffer> = [
	'{', '}', '{"query": }', '{\'query\': \'x\'}', '{"query": "x",}', '{"query": "x"} trailing', '[1,2', 'nul', String.raw`"\x"`,
	'{"a": 1e999999}', '{"query": "x"}{"query": "y"}', '/* comment */ {"query": "x"}', '\u0000',
	Buffer.from([0x7B, 0x22, 0x71, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]), `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
	`{"a":${'{"a":'.repeat(5000)}1${'}'.repeat(5001)}`, '"just a string"', '42', 'true', 'null', '[]', '',
];

/** An odd value for a field of a valid body, or undefined (the field left out). */
export function oddValue(random: Random): unknown {
	return random.chance(0.1) ? undefined : random.pick(oddValues);
}

/** Replaces, drops or adds one field of `body`. */
export function mutate(random: Random, body: Record<string, unknown>): Record<string, unknown> {
	const copy: Record<string, unknown> = {...body};
	const keys = Object.keys(copy);
	const choice = random.int(0, 9);
	if (choice < 6 && keys.length > 0) {
		const key = random.pick(keys);
		const value = oddValue(random);
		if (value === undefined) {
			Reflect.deleteProperty(copy, key);
		} else {
			copy[key] = value;
		}
	} else if (choice < 8) {
		copy[random.pick(['extra', '__proto__', 'constructor', 'Query', 'top-k', 'collection '])] = random.pick(oddValues);
	} else {
		for (const key of keys) {
			if (random.chance(0.5)) {
				copy[key] = random.pick(oddValues);
			}
		}
	}

	return copy;
}

/** Percent-encodes like encodeURIComponent; a lone surrogate becomes its WTF-8 bytes (%ED%A0%80), as a raw client may send it. */
export function percentEncode(text: string): string {
	let encoded = '';
	for (const character of text) {
		const code = character.codePointAt(0)!;
		encoded += code >= 0xD8_00 && code <= 0xDF_FF
			? [0xED, 0xA0 | ((code >> 6) & 0x0F), 0x80 | (code & 0x3F)].map(byte => `%${byte.toString(16).toUpperCase()}`).join('')
			: encodeURIComponent(character);
	}

	return encoded;
}
