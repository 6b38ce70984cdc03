// Capability globs are the owner's, but the names they are matched against are the clients': collections, file
// paths. picomatch ran them as backtracking regular expressions (`*a` repeated against a long name of `a`s:
// each extra `*a` multiplied the time); they now run as common/glob's automata, and a glob past its limits is
// refused when the capability is read.
import test from 'ava';
import {allowsCollection, applies, effectivePermissions} from '../../common/access/effective.js';
import {capabilityGlobMatches, capabilityGlobProblem} from '../../common/access/capability-globs.js';
import {fsReadPolicy} from '../../common/access/fs-scopes.js';
import {CapabilityError, parseCapabilityFile} from '../../common/access/validate-capabilities.js';

const backtracking = `${'*a'.repeat(20)}*b`;

const capabilityWith = (glob: string, clients = [glob]) => parseCapabilityFile(JSON.stringify({
	identifier: 'slow', clients, permissions: [
		{identifier: 'search:default', allow: [{collection: glob}]},
		{identifier: 'fs:allow-home-read-recursive', allow: [{path: `$HOME/${glob}`}]},
	],
}), 'slow.json');

test('a backtracking-prone glob against long names: answered at once, and right', t => {
	const [byClient] = capabilityWith(backtracking);
	t.false(applies(byClient!, {client: 'a'.repeat(64), local: true}, 'linux'), 'the client label does not end in b');
	t.true(applies(byClient!, {client: `${'a'.repeat(63)}b`, local: true}, 'linux'));
	const slow = effectivePermissions(capabilityWith(backtracking, ['slow']), {client: 'slow', local: true});
	t.is(slow.length, 2);
	t.false(allowsCollection(slow, 'search:default', 'a'.repeat(128)));
	t.true(allowsCollection(slow, 'search:default', `${'a'.repeat(127)}b`));
	const policy = fsReadPolicy(slow, {HOME: '/home/ann'});
	t.false(policy.mayRead(`/home/ann/${'a'.repeat(4000)}`));
	t.true(policy.mayRead(`/home/ann/${'a'.repeat(4000)}b`));
});

test('a glob past the limits is refused when the capability is read, naming the field and the rule', t => {
	const glob = '*x'.repeat(40);
	const error = t.throws(() => capabilityWith(glob), {instanceOf: CapabilityError});
	t.is(error.problems.length, 3, error.problems.join('\n'));
	t.regex(error.problems[0]!, /^slow\.json: \$\.permissions\[0]\.allow\[0]\.collection: '\*x.*' is not a valid glob: has 40 wildcards \(\*, \*\*, \?, \[\.\.\.]\); a glob has at most 32$/);
	t.regex(error.problems[1]!, /^slow\.json: \$\.permissions\[1]\.allow\[0]\.path: .* has 40 wildcards/);
	t.regex(error.problems[2]!, /^slow\.json: \$\.clients\[0]: .* has 40 wildcards/);
	t.regex(capabilityGlobProblem('{a,b}'.repeat(7)) ?? '', /stands for more than 64 globs once its {a,b} are expanded/);
	t.regex(capabilityGlobProblem('notes/@(a|b)') ?? '', /extglobs such as @\(a\|b\) are not supported: write {a,b}/);
});

test('the glob syntax capabilities take: *, **, ?, classes, braces, negation, escapes; dot names included', t => {
	const cases: Array<[string, string, boolean]> = [
		['team-*', 'team-docs', true],
		['team-*', 'team/docs', false],
		['team-?', 'team-a', true],
		['notes-[0-9]', 'notes-7', true],
		['notes-[!0-9]', 'notes-7', false],
		['{notes,docs}', 'docs', true],
		['/home/ann/notes/**', '/home/ann/notes/.hidden/a.md', true],
		['/home/ann/notes/**', '/home/ann/notes', true],
		['/home/ann/*.md', '/home/ann/sub/a.md', false],
		[String.raw`a\*`, 'a*', true],
		[String.raw`a\*`, 'ab', false],
		['*', '.dotted', true],
		['!secret', 'notes', true],
		['!secret', 'secret', false],
	];
	for (const [glob, name, expected] of cases) {
		t.is(capabilityGlobMatches(glob, name), expected, `${glob} against ${name}`);
	}
});
