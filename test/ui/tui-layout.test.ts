// Where everything goes at 120, 80 and 60 columns, and how paths and text are fitted to their room.
import test from 'ava';
import stringWidth from 'string-width';
import {headerRows, layoutFor} from '../../source/ui/tui/layout.js';
import {cutLeft, fitPath, plainText, wrapLines} from '../../source/ui/tui/fit-text.js';
import {searchSettings} from '../../source/ui/tui/search-box.js';

const base = {showCollections: undefined, dialogRows: 0, statusRows: 1};

test('at 120 columns results and preview share the width side by side; the collections pane starts hidden', t => {
	const layout = layoutFor({...base, columns: 120, rows: 30});
	t.is(layout.collections, undefined);
	t.is(layout.direction, 'row');
	t.is(layout.results.width + layout.preview.width, 120);
	t.true(layout.results.width >= 60 && layout.preview.width >= 60, 'each gets half, not a third');
	t.is(layout.resultLines, 2);
	const withPane = layoutFor({...base, columns: 120, rows: 30, showCollections: true});
	t.is(withPane.collections!.width + withPane.results.width, 120, 'c shows it: the rest still adds up');
	t.is(withPane.direction, 'column', 'and results go above the preview, each as wide as the rest');
	t.true(layoutFor({...base, columns: 160, rows: 30}).collections !== undefined, 'wide terminals show it from the start');
});

test('at 80 and 60 columns results sit above the preview, one line each, and every row is accounted for', t => {
	for (const columns of [80, 60]) {
		for (const [dialogRows, statusRows] of [[0, 1], [4, 2], [7, 2]] as const) {
			const layout = layoutFor({...base, columns, rows: 24, dialogRows, statusRows});
			t.is(layout.direction, 'column');
			t.is(layout.resultLines, 1);
			t.is(layout.height, 23, 'one row short of the terminal');
			t.is(headerRows + layout.body + dialogRows + statusRows, layout.height, `${columns} columns, dialog ${dialogRows}`);
			t.is(layout.results.height + layout.preview.height, layout.body);
			t.is(layout.results.width, columns);
		}
	}
});

test('paths keep their file name; the folders in the middle give way first', t => {
	const file = 'corpus/reference/7.4/Microsoft.PowerShell.Core/About/about_Splatting.md';
	t.is(fitPath(file, 200), file);
	const fitted = fitPath(file, 47);
	t.is(fitted, 'corpus/reference/7.4/…/About/about_Splatting.md');
	t.true(stringWidth(fitted) <= 47);
	t.is(fitPath(file, 33), 'corpus/…/About/about_Splatting.md');
	t.is(fitPath(file, 30), '…/About/about_Splatting.md');
	t.is(fitPath(file, 20), '…/about_Splatting.md');
	t.is(fitPath(file, 10), '…atting.md', 'a file name too long alone is cut from the left');
	t.is(fitPath('keps/sig-auth/3331-structured-authentication-configuration/README.md', 36), '…hentication-configuration/README.md', 'the folder above README.md, as much as fits');
	t.is(fitPath('keps/sig-cli/2379-kubectl-plugins/README.md', 38), 'keps/…/2379-kubectl-plugins/README.md', 'README.md keeps the folder that tells it apart');
	t.is(cutLeft('Guide › Install › Linux', 12), '…all › Linux');
	t.is(cutLeft('日本語のドキュメント.md', 9), '…ント.md', 'wide characters are measured by their columns (two each)');
});

test('wrapped text: every row fits, indentation stays, long words break, tabs and control characters are made safe', t => {
	const rows = wrapLines('The chunk text is long enough to wrap twice at twenty columns.\n    indented code line\n\nsupercalifragilisticexpialidocious', 20);
	for (const row of rows) {
		t.true(stringWidth(row) <= 20, row);
	}

	t.true(rows.includes('    indented code'), 'indentation of a line is kept');
	t.false(rows.some((row, index) => index > 0 && rows[index - 1] !== '' && row.startsWith(' ') && !row.startsWith('    ')), 'no row starts with the space it was broken at');
	t.true(rows.includes(''), 'blank lines stay');
	t.is(plainText('a\tb\u001B[31mc\r'), 'a    b[31mc');
});

test('the search line\'s right end shortens on narrow terminals', t => {
	t.is(searchSettings({collection: 'keps', mode: 'hybrid', topK: 10, loading: false}, 120), 'keps · hybrid · top 10');
	t.is(searchSettings({collection: 'a-very-long-collection-name', mode: 'keyword', topK: 5, loading: true}, 60), '… a-very-long-col… · keyword · 5');
});
