// A path glob (search's --path, get's PATTERN) as a regular expression that the backends (SQLite's REGEXP with
// JavaScript's engine, PostgreSQL's `~`) and the daemon itself read alike.

/** Only what JavaScript and PostgreSQL regular expressions agree on: anchors, `.`, `[^/]`, `*`, `(a|b)`, `?` and `\` before punctuation. */
export function globPattern(glob: string): string {
	let pattern = '^';
	for (let index = 0; index < glob.length; index++) {
		const char = glob[index]!;
		if (char === '*' && glob[index + 1] === '*') {
			// `**/` is any folders, none included; `**` elsewhere anything.
			const slash = glob[index + 2] === '/';
			pattern += slash ? '(.*/)?' : '.*';
			index += slash ? 2 : 1;
		} else if (char === '*') {
			pattern += '[^/]*';
		} else if (char === '?') {
			pattern += '[^/]';
		} else if (char === '{' && glob.indexOf('}', index) > index) {
			const end = glob.indexOf('}', index);
			pattern += `(${glob.slice(index + 1, end).split(',').map(part => escape(part)).join('|')})`;
			index = end;
		} else {
			pattern += escape(char);
		}
	}

	return `${pattern}$`;
}

function escape(text: string): string {
	return text.replaceAll(/[\\^$.|?*+()[\]{}]/g, String.raw`\$&`);
}
