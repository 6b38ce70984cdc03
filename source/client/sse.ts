export type ServerEvent = {readonly event: string; readonly data: string};

/** Splits a text/event-stream body into events (only the `event` and `data` fields are used). */
export async function * readEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<ServerEvent> {
	const decoder = new TextDecoder();
	let buffer = '';
	for await (const bytes of body) {
		buffer += decoder.decode(bytes, {stream: true});
		let end = buffer.indexOf('\n\n');
		while (end !== -1) {
			const block = buffer.slice(0, end);
			buffer = buffer.slice(end + 2);
			let event = 'message';
			const data: string[] = [];
			for (const line of block.split('\n')) {
				if (line.startsWith('event:')) {
					event = line.slice(6).trim();
				} else if (line.startsWith('data:')) {
					data.push(line.slice(5).trimStart());
				}
			}

			yield {event, data: data.join('\n')};
			end = buffer.indexOf('\n\n');
		}
	}
}
