// A process that swaps one path, as fast as it can for `ms` milliseconds, between a regular file and something
// the daemon must never read through it: a link to a file outside every root (`link`), a FIFO (`fifo`), or,
// for a folder, a link to a folder inside the source and one outside (`folder-link`). Each state arrives by an
// atomic rename, so the path always exists. Prints how many swaps it made.
// Usage: node swapper.js '{"mode": "link", "path": "...", "other": "...", "text": "...", "ms": 5000}'
import {execFileSync} from 'node:child_process';
import {renameSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';

type Config = {readonly mode: 'link' | 'fifo' | 'folder-link'; readonly path: string; readonly other: string; readonly inside?: string; readonly text?: string; readonly ms: number};

const config = JSON.parse(process.argv[2]!) as Config;
const temporary = `${config.path}.swap-${process.pid}`;
const deadline = Date.now() + config.ms;
let swaps = 0;
let stopping = false;
process.on('SIGTERM', () => {
	stopping = true;
});

function place(make: () => void): void {
	rmSync(temporary, {force: true});
	make();
	renameSync(temporary, config.path);
	swaps++;
}

for (;;) {
	if (stopping || Date.now() >= deadline) {
		break;
	}

	switch (config.mode) {
		case 'link': {
			place(() => {
				symlinkSync(config.other, temporary);
			});
			place(() => {
				writeFileSync(temporary, config.text ?? '');
			});
			break;
		}

		case 'fifo': {
			place(() => execFileSync('mkfifo', [temporary]));
			place(() => {
				writeFileSync(temporary, config.text ?? '');
			});
			break;
		}

		case 'folder-link': {
			place(() => {
				symlinkSync(config.other, temporary);
			});
			place(() => {
				symlinkSync(config.inside!, temporary);
			});
			break;
		}
	}

	// Lets SIGTERM in between rounds (the loop is otherwise synchronous).
	await new Promise(resolve => {
		setImmediate(resolve);
	});
}

// Ends in the harmless state: a regular file, or the link to the inside folder.
place(() => {
	if (config.mode === 'folder-link') {
		symlinkSync(config.inside!, temporary);
	} else {
		writeFileSync(temporary, config.text ?? '');
	}
});
process.stdout.write(`${swaps}\n`);
