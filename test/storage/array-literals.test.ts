// An import's array parameters are written as PostgreSQL array literals a slice at a time (array-literals.ts), not
// by node-postgres in one go: what the server reads back is what was given, whatever the text holds.
import test from 'ava';
import {arrayLiteral} from '../../daemon/engine/storage/postgres/array-literals.js';
import {testDatabaseWithClient} from '../helpers/postgres/test-database.js';

test('texts, numbers, booleans and nulls come back as given, across many slices', async t => {
	const {client} = await testDatabaseWithClient(t);
	const odd = ['plain', '', 'NULL', 'null', 'a "quoted" word', String.raw`back\slash`, String.raw`\"`, 'comma, and {braces}', ' spaced ', 'tab\tand\nline', 'é ü 漢字 🌱', '\\'];
	const texts = [...odd, ...Array.from({length: 4500}, (_, index) => `${odd[index % odd.length]!}${index}`)];
	const withNulls = texts.map((text, index) => (index % 7 === 0 ? null : text));
	const {rows: [read]} = await client.query<{texts: Array<string | null>; numbers: string[]; flags: Array<boolean | null>}>('SELECT $1::text[] AS texts, $2::bigint[]::text[] AS numbers, $3::boolean[] AS flags', [
		await arrayLiteral(withNulls, text => text),
		await arrayLiteral(texts.map((_, index) => (index * 1_000_003) - 7), number => number),
		await arrayLiteral(texts.map((_, index) => (index % 5 === 0 ? undefined : index % 2 === 0)), flag => flag),
	]);
	t.deepEqual(read!.texts, withNulls);
	t.deepEqual(read!.numbers, texts.map((_, index) => String((index * 1_000_003) - 7)));
	t.deepEqual(read!.flags, texts.map((_, index) => (index % 5 === 0 ? null : index % 2 === 0)));
	t.is(await arrayLiteral([], text => text), '{}');
});
