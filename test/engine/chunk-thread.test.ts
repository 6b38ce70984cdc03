import {once} from 'node:events';
import {Worker} from 'node:worker_threads';
import test from 'ava';

// The owner of the thread starts a document's time budget at the thread's ready message: a thread that said
// ready before loading its tokenizer charged that load (70-80 ms) to its first document, whose 100 ms budget
// then ran out on a busy CI machine.
test('the chunking thread says it is ready once, when its warm-up is done, and then chunks', async t => {
	const worker = new Worker(new URL('../../daemon/engine/chunker/chunk-thread-main.js', import.meta.url));
	const messages: unknown[] = [];
	worker.on('message', message => messages.push(message));
	try {
		while (messages.length === 0) {
			await once(worker, 'message');
		}

		worker.postMessage({id: 1, request: {op: 'chunk', text: '# Next\n\nzqnext after the budget.\n', fileName: 'next.md', headingContext: true}});
		while (messages.length < 2) {
			await once(worker, 'message');
		}

		t.deepEqual(messages[0], {ready: true});
		const answer = messages[1] as {id: number; reply: {chunked: {title: string; chunks: unknown[]}}};
		t.is(answer.id, 1, `one ready message, then the answer: ${JSON.stringify(messages).slice(0, 300)}`);
		t.is(answer.reply.chunked.title, 'Next');
		t.is(answer.reply.chunked.chunks.length, 1);
	} finally {
		await worker.terminate();
	}
});
