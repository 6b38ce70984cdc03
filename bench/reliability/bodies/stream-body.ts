import http from 'node:http';

export type StreamAnswer = {readonly status: number; readonly text: string; readonly ms: number; readonly sentBytes: number};

/**
 * POSTs a body made piece by piece (no length: chunked), as fast as the daemon takes it, and stops sending once
 * an answer comes (a refusal before the end). Answers the status (0: none), the text, and the time to the answer.
 */
export async function streamBody(base: URL, path: string, contentType: string, pieces: Iterable<Buffer>, timeoutMs: number): Promise<StreamAnswer> {
	const started = performance.now();
	let sentBytes = 0;
	let answered = false;
	return new Promise(resolve => {
		const request = http.request({host: base.hostname, port: base.port, method: 'POST', path, headers: {'content-type': contentType}, timeout: timeoutMs});
		const finish = (status: number, text: string) => {
			resolve({status, text, ms: performance.now() - started, sentBytes});
		};

		request.on('response', response => {
			answered = true;
			const parts: Buffer[] = [];
			response.on('data', (part: Buffer) => parts.push(part));
			response.on('end', () => {
				finish(response.statusCode ?? 0, Buffer.concat(parts).toString());
				request.destroy();
			});
		});
		request.on('timeout', () => request.destroy(new Error('timed out')));
		request.on('error', error => {
			if (!answered) {
				finish(0, error.message);
			}
		});
		void (async () => {
			for (const piece of pieces) {
				if (answered || request.destroyed) {
					return;
				}

				sentBytes += piece.length;
				if (!request.write(piece)) {
					await new Promise<void>(resume => {
						const go = () => {
							request.off('drain', go);
							request.off('close', go);
							resume();
						};

						request.on('drain', go);
						request.on('close', go);
					});
				}
			}

			request.end();
		})();
	});
}
