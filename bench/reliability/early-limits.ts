import {checkAnswer} from './answer-rules.js';
import type {DaemonProcess} from './daemon-process.js';
import {sendRaw} from './http.js';
import type {Tally} from './tally.js';

/**
 * Finding F-early-413: a body declared larger than a route takes is refused with 413 as soon as its headers
 * arrive, not after the server has read (and the client has sent) all of it. Only the first kilobyte is sent;
 * the answer must come within 10 s without the rest.
 */
export async function earlyLimits(tally: Tally, daemon: DaemonProcess): Promise<void> {
	const cases = [
		{path: '/api/v1/ingest', type: 'application/json', length: 50_000_000},
		{path: '/api/v1/search', type: 'application/json', length: 5_000_000},
		{path: '/api/v1/import', type: 'application/x-ndjson', length: 600 * 1024 * 1024},
		{path: '/mcp', type: 'application/json', length: 50_000_000},
	];
	for (const {path, type, length} of cases) {
		const head = `POST ${path} HTTP/1.1\r\nHost: ${daemon.url.host}\r\nContent-Type: ${type}\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${length}\r\n\r\n`;
		const answer = await sendRaw(daemon.url, Buffer.concat([Buffer.from(head), Buffer.alloc(1024, 0x20)]), 10_000);
		checkAnswer(tally, answer, {finding: 'F-early-413', label: `${path} declaring ${length} bytes, sending 1 KB`, expect: [413], mcp: path === '/mcp'});
	}
}
