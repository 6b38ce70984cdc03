import {rmSync} from 'node:fs';
import path from 'node:path';
import {DaemonProcess, temporaryHome} from './daemon-process.js';
import type {Tally} from './tally.js';
import {note, writeTree} from './files/file-tree.js';
import {runJob} from './files/run-job.js';

/** Names that read as others: a right-to-left override, an isolate, zero-width characters, controls. */
const hiddenNames = ['invoice\u202Edm.exe.md', 'a\u2067b.md', 'pass\u200Bwords.md', 'a\u200Db.md', '\uFEFFbom.md', 'tab\there.md', 'bell\u0007.md', 'c1\u0085.md'];

/** CSV cells a spreadsheet would run: each must come out starting with a quote. */
const formulas = ['=HYPERLINK("http://evil.example","click")', '+SUM(1,2)', '-2+3', '@SUM(A1)'];

/** The cells of a CSV text as a spreadsheet reads them (quotes removed, doubled quotes one). */
function csvCells(text: string): string[] {
	const cells: string[] = [];
	let cell = '';
	let quoted = false;
	for (let index = 0; index < text.length; index++) {
		const char = text[index]!;
		if (quoted) {
			if (char === '"' && text[index + 1] === '"') {
				cell += '"';
				index++;
			} else if (char === '"') {
				quoted = false;
			} else {
				cell += char;
			}
		} else if (char === '"') {
			quoted = true;
		} else if (char === ',' || char === '\n') {
			cells.push(cell);
			cell = '';
		} else {
			cell += char;
		}
	}

	return cells;
}

/**
 * Issue 34 item 10: document names with bidirectional controls, zero-width characters and controls (inline:
 * 400 naming the character; in a folder: that file failed, the others indexed), NFC/NFD twins (one document),
 * and a CSV export of chunks starting with formulas (each cell neutralised).
 */
export async function namesSection(tally: Tally): Promise<void> {
	const home = temporaryHome('md-vector-names-');
	const allowed = path.join(home, 'allowed');
	writeTree(allowed, {'fine.md': note('zqfine'), 'invoice\u202Edm.exe.md': note('zqhidden'), 'zero\u200Bwidth.md': note('zqzero')});
	const daemon = await DaemonProcess.start({home, env: {MD_VECTOR_ALLOWED_ROOTS: allowed}});
	try {
		await daemon.untilModel();
		for (const name of hiddenNames) {
			const answer = await daemon.api('POST', '/ingest', {content: note('zqname'), file_name: name, collection: 'names'});
			tally.answered(answer.status);
			tally.check('I34-10-names', 'a name with a control, zero-width or bidirectional-control character is a 400 naming it', answer.status === 400 && /^file_name: holds U\+[\dA-F]{4} \(/.test(answer.body?.error?.message), `${JSON.stringify(name)}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
		}

		for (const name of ['cafe\u0301.md', 'caf\u00E9.md']) {
			const answer = await daemon.api('POST', '/ingest', {content: note('zqtwin'), file_name: name, collection: 'twins'});
			tally.answered(answer.status);
			tally.check('I34-10-names', 'a name is stored in NFC', answer.status === 200 && answer.body?.file === 'caf\u00E9.md', `${JSON.stringify(name)}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
		}

		const twins = await daemon.api('GET', '/documents?collection=twins');
		const twinNames = JSON.stringify(twins.body).match(/caf(\u00E9|e\u0301)\.md/g) ?? [];
		tally.check('I34-10-names', 'NFC and NFD twins are one document', twins.status === 200 && twinNames.length === 1, JSON.stringify(twins.body).slice(0, 300));
		const job = await runJob(daemon, '/jobs/ingest-directory', {directory: allowed, collection: 'folder'}, 120_000);
		const files = (job.job?.report?.files ?? []) as Array<{file: string; status: string; error?: string}>;
		const refused = files.filter(file => file.status === 'failed' && /^file_name: holds U\+(202E|200B)/.test(file.error ?? ''));
		const fine = files.some(file => file.file === 'fine.md' && file.status === 'indexed');
		tally.check('I34-10-names', 'in a folder, each file with such a name fails with why; the others are indexed', job.state === 'completed' && refused.length === 2 && fine, JSON.stringify(files).slice(0, 500));
		const content = formulas.map((formula, index) => `# ${formula}\n\n${formula} cell ${index}\n`).join('\n');
		await daemon.api('POST', '/ingest', {content, file_name: 'formulas.md', collection: 'csv'});
		const csv = await daemon.request({method: 'GET', path: '/api/v1/export?collection=csv&format=csv'});
		tally.answered(csv.status);
		const cells = csvCells(csv.text).slice(8); // after the header row
		const live = cells.filter(cell => /^[=+\-@\t\r]/.test(cell));
		tally.check('I34-10-csv', 'no CSV cell starts with = + - @ tab or CR (each such starts with a quote)', csv.status === 200 && live.length === 0 && cells.some(cell => cell.startsWith('\'=HYPERLINK')), `${csv.status} ${live.slice(0, 3).join(' | ')} ${csv.text.slice(0, 300)}`);
		tally.check('crash', 'the daemon lives through hostile names', daemon.running && !daemon.crashed(), daemon.log().slice(-1500));
	} finally {
		await daemon.stop();
		rmSync(home, {recursive: true, force: true});
	}
}
