// A capability's globs (its `clients`, collection scopes and fs paths) are written by the owner but matched
// against names clients choose (collections, files): they run as the bounded automata of common/glob, a single
// pass over each name whatever the glob (picomatch's regular expressions backtracked: `*a*a*a*a*a*a*b` against
// a long name ran for seconds). A glob past common/glob's limits is refused when the capability is read.
import {classAt} from '../glob/glob-chars.js';
import {GlobError} from '../glob/glob-limits.js';
import {checkPathGlob, pathGlobMatcher} from '../glob/path-glob.js';

/** Why the glob cannot be a capability's (its syntax or a limit), or undefined. */
export function capabilityGlobProblem(glob: string): string | undefined {
	let braces = 0;
	for (let index = 0; index < glob.length; index++) {
		switch (glob.charAt(index)) {
			case '\\': {
				index++;
				break;
			}

			case '[': {
				const found = classAt(glob, index);
				if (!found) {
					return 'Missing closing: "]"';
				}

				index = found.end;
				break;
			}

			case '{': {
				braces++;
				break;
			}

			case '}': {
				braces = Math.max(0, braces - 1);
				break;
			}

			default:
		}
	}

	if (braces > 0) {
		return 'Missing closing: "}"';
	}

	try {
		checkPathGlob(glob);
	} catch (error) {
		if (error instanceof GlobError) {
			return error.message.slice(error.message.indexOf(': ') + 2);
		}

		throw error;
	}

	return undefined;
}

/** Whether the text is a glob (a wildcard, a class, `{a,b}`, a leading `!`) rather than one literal name. */
export function isGlob(text: string): boolean {
	return /[*?[{!\\]/.test(text);
}

// Capabilities are few and read once; their globs are compiled once each (the cache is bounded all the same).
const compiled = new Map<string, (name: string) => boolean>();
const cacheSize = 4096;

/** Whether the capability glob matches the whole name (`*` within a folder, `**` across folders, dot names included). */
export function capabilityGlobMatches(glob: string, name: string): boolean {
	let matcher = compiled.get(glob);
	if (!matcher) {
		if (compiled.size >= cacheSize) {
			compiled.clear();
		}

		matcher = pathGlobMatcher(glob);
		compiled.set(glob, matcher);
	}

	return matcher(name);
}
