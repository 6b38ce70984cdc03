// Document names (issue 34 item 10): normalised to NFC, and refused with the character and the rule when they
// hold a control, zero-width or bidirectional-control character.
import test from 'ava';
import {checkFileName, checkLookupName} from '../../daemon/engine/names.js';
import {csvField} from '../../daemon/engine/export/write-export.js';

test('[I34-10-names] a name is stored in NFC: a decomposed name and its composed twin are one name', t => {
	t.is(checkFileName('cafe\u0301.md'), 'caf\u00E9.md');
	t.is(checkFileName('caf\u00E9.md'), 'caf\u00E9.md');
	t.is(checkFileName('notes/a b.md'), 'notes/a b.md');
});

test('[I34-10-names] control, zero-width and bidirectional-control characters are refused, naming the character and where', t => {
	const rule = 'names may not hold control, zero-width or bidirectional-control characters; rename it';
	t.throws(() => checkFileName('evil\u202Edm.exe.md'), {message: `file_name: holds U+202E (a bidirectional control) at character 4: ${rule}`});
	t.throws(() => checkFileName('a\u2066b.md'), {message: `file_name: holds U+2066 (a bidirectional control) at character 1: ${rule}`});
	t.throws(() => checkFileName('a\u200Bb.md'), {message: `file_name: holds U+200B (a zero-width character) at character 1: ${rule}`});
	t.throws(() => checkFileName('\uFEFFa.md'), {message: `file_name: holds U+FEFF (a zero-width character) at character 0: ${rule}`});
	t.throws(() => checkFileName('a\tb.md'), {message: `file_name: holds U+0009 (a control character) at character 1: ${rule}`});
	t.throws(() => checkFileName('a\u0085b.md'), {message: `file_name: holds U+0085 (a control character) at character 1: ${rule}`});
	t.throws(() => checkFileName('a\u00ADb.md'), {message: `file_name: holds U+00AD (an invisible formatting character) at character 1: ${rule}`});
	t.throws(() => checkFileName('a\u2028b.md'), {message: `file_name: holds U+2028 (a line or paragraph separator) at character 1: ${rule}`});
	t.is(checkLookupName('old\u202Ename.md'), 'old\u202Ename.md', 'a name stored before the rule can still be looked up (and deleted)');
});

test('[I34-10-csv] CSV cells a spreadsheet would run as formulas start with a quote and are quoted, as OWASP advises', t => {
	t.is(csvField('=HYPERLINK("http://evil.example","x")'), '"\'=HYPERLINK(""http://evil.example"",""x"")"');
	t.is(csvField('@SUM(1+1)'), '"\'@SUM(1+1)"');
	t.is(csvField('+1'), '"\'+1"');
	t.is(csvField('- a list item'), '"\'- a list item"');
	t.is(csvField('\tx'), '"\'\tx"');
	t.is(csvField('\rx'), '"\'\rx"');
	t.is(csvField('plain'), 'plain');
	t.is(csvField('a, b'), '"a, b"');
	t.is(csvField(3), '3');
});
