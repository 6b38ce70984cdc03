// Issue 16, item 9: files that are not text were indexed (random bytes as "3 chunks", Latin-1 as `Cr�me br�l�e`,
// UTF-16 full of NUL bytes). A file is UTF-8, or UTF-16 with a byte-order mark; anything else is refused with why.
import test from 'ava';
import {decodeText} from '../../daemon/engine/ingest/decode-text.js';
import {prepareDocument} from '../../daemon/engine/ingest/prepare-document.js';

const utf16 = (text: string, encoding: 'le' | 'be') => {
	const bytes = Buffer.from(text, 'utf16le');
	if (encoding === 'be') {
		bytes.swap16();
	}

	return Buffer.concat([Buffer.from(encoding === 'le' ? [0xFF, 0xFE] : [0xFE, 0xFF]), bytes]);
};

test('UTF-8, with or without a byte-order mark, is read as it is', t => {
	t.is(decodeText(Buffer.from('# Crème brûlée 東京 🍮\n'), 'f'), '# Crème brûlée 東京 🍮\n');
	t.is(decodeText(Buffer.from('\uFEFF# Title\n'), 'f'), '# Title\n');
	t.is(decodeText(Buffer.alloc(0), 'f'), '');
});

test('UTF-16 with a byte-order mark (either order) is converted', t => {
	t.is(decodeText(utf16('# Crème 東京 🍮\n', 'le'), 'f'), '# Crème 東京 🍮\n');
	t.is(decodeText(utf16('# Crème 東京 🍮\n', 'be'), 'f'), '# Crème 東京 🍮\n');
});

test('Latin-1 is refused with the offset and value of the first byte that is not UTF-8', t => {
	t.throws(() => decodeText(Buffer.from('# Crème brûlée\n', 'latin1'), 'the file'), {message: 'the file: is not UTF-8 text: byte 0xE8 at offset 4 is not valid UTF-8 (save it as UTF-8, or as UTF-16 with a byte-order mark)'});
});

test('invalid UTF-8 of every kind is refused at its first byte: overlong, surrogate, above U+10FFFF, cut short, stray continuation', t => {
	const cases: Array<[number[], number]> = [
		[[0x61, 0xC0, 0xAF], 1], // overlong '/'
		[[0x61, 0xE0, 0x80, 0xAF], 1], // overlong
		[[0x61, 0x62, 0xED, 0xA0, 0x80], 2], // a UTF-16 surrogate encoded
		[[0xF4, 0x90, 0x80, 0x80], 0], // above U+10FFFF
		[[0x61, 0xE2, 0x82], 1], // cut short at the end
		[[0x61, 0x80], 1], // a continuation byte alone
		[[0xEF, 0xBB, 0xBF, 0x61, 0xFF], 4], // after a byte-order mark: offsets count from the file's start
	];
	for (const [bytes, offset] of cases) {
		t.throws(() => decodeText(Buffer.from(bytes), 'f'), {message: new RegExp(`at offset ${offset} is not valid UTF-8`)}, bytes.join(','));
	}
});

test('NUL bytes are refused: binary files, and UTF-16 without a byte-order mark', t => {
	t.throws(() => decodeText(Buffer.from('# a\n\0b'), 'f'), {message: 'f: contains a NUL byte at offset 4: a binary file, or UTF-16 without a byte-order mark; Markdown is text'});
	t.throws(() => decodeText(Buffer.from('# Title\n', 'utf16le'), 'f'), {message: /NUL byte at offset 1/});
	t.throws(() => decodeText(utf16('a\0b', 'le'), 'f'), {message: /contains a NUL character \(character 1 of the UTF-16LE text\)/});
	t.throws(() => decodeText(Buffer.from([0xFF, 0xFE, 0x61]), 'f'), {message: /not valid UTF-16LE/}, 'an odd length');
});

test('random bytes are refused', t => {
	const bytes = Buffer.from(Array.from({length: 4096}, (_, index) => ((index * 7919) + 13) % 256));
	t.throws(() => decodeText(bytes, 'f'), {message: /^f: (is not UTF-8 text|contains a NUL byte)/});
});

test('inline content with a NUL character or an unpaired surrogate is refused (400 invalid_input)', async t => {
	await t.throwsAsync(async () => prepareDocument('# a\n\0', 'a.md'), {message: 'content: contains a NUL character at character 4; Markdown is text'});
	await t.throwsAsync(async () => prepareDocument('# a \uD83D b', 'a.md'), {message: 'content: holds an unpaired surrogate (U+D83D) at character 4: not valid Unicode text'});
	await t.throwsAsync(async () => prepareDocument('\uDE00', 'a.md'), {message: /U\+DE00\) at character 0/});
	t.is((await prepareDocument('# a\n\nDessert 🍮\n', 'a.md')).chunked.chunks[0]?.content, 'Dessert 🍮', 'a surrogate pair is fine');
});
