#!/usr/bin/env node
// Indexes a folder and runs one query, in-process: the installer's first real job (and a quick check of an
// install). Usage: node dist/daemon/index-folder.js [FOLDER] [QUERY]
import path from 'node:path';
import {Engine} from './engine/engine.js';
import {resolvePaths} from './paths.js';
import {loadEmbedderInto} from './load-embedder.js';

const folder = path.resolve(process.argv[2] ?? '.');
const query = process.argv[3] ?? 'install';
const paths = resolvePaths();
const engine = Engine.open({dataDir: paths.data});
await loadEmbedderInto(engine, paths.cache, line => console.log(line));
const started = Date.now();
const report = await engine.ingestDirectory('default', {
	directory: folder,
	mode: 'incremental',
	onProgress(progress) {
		if (process.stdout.isTTY) {
			process.stdout.write(`\rindexing ${folder}: ${progress.processedFiles}/${progress.totalFiles} files, ${progress.chunks} chunks`);
		}
	},
});
console.log(`${process.stdout.isTTY ? '\n' : ''}indexed ${report.indexed}, unchanged ${report.unchanged}, failed ${report.failed} in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${paths.data}`);
for (const failure of report.files.filter(file => file.status === 'failed')) {
	console.log(`  failed ${failure.file}: ${failure.error}`);
}

if (report.totalFiles === 0) {
	console.log(`no Markdown files (.md, .markdown, .mdx) under ${folder}`);
	await engine.close();
	process.exit(0);
}

const response = await engine.search({query, topK: 5, mode: 'hybrid', collection: 'default'});
console.log(`\nsearch "${query}" (${response.mode}${response.notice ? `; ${response.notice}` : ''}):`);
for (const hit of response.results) {
	console.log(`  ${hit.score.toFixed(4)}  ${hit.source_file}:${hit.start_line}  ${hit.heading_path.join(' > ')}`);
}

await engine.close();
