import {readFileSync} from 'node:fs';
import path from 'node:path';
import {Tokenizer} from '@huggingface/tokenizers';
import {packageRoot} from '../../package-root.js';

/** Counts tokens of a text, special tokens ([CLS], [SEP]) included. */
export type TokenCounter = (text: string) => number;

let shared: TokenCounter | undefined;

/**
 * The chunk budget is measured with the BERT uncased WordPiece tokenizer shipped in assets/ (the tokenizer of
 * the default model bge-small-en-v1.5 and of all-MiniLM): exact for those models, and independent of whether a
 * model is loaded, so chunks are the same with or without embeddings.
 */
export function bertTokenCounter(): TokenCounter {
	if (!shared) {
		const dir = path.join(packageRoot, 'assets', 'bert-uncased-tokenizer');
		const tokenizer = new Tokenizer(
			JSON.parse(readFileSync(path.join(dir, 'tokenizer.json'), 'utf8')),
			JSON.parse(readFileSync(path.join(dir, 'tokenizer_config.json'), 'utf8')),
		);
		shared = text => tokenizer.encode(text).ids.length;
	}

	return shared;
}
