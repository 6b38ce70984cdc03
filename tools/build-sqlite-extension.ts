// A step of `npm run build`: compiles the FTS5 function keyword search scores with (md_bm25:
// daemon/engine/storage/embedded/sqlite/native/keyword-score.c) into dist/native/, against the SQLite headers of
// the better-sqlite3 that loads it. Without a C compiler the build goes on: keyword search then scores with FTS5's
// bm25(), the same ranking at more CPU (the daemon says so in its log when it starts).
import {mkdirSync, rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {execaSync} from 'execa';
import {keywordScoreLibrary} from '../daemon/engine/storage/embedded/sqlite/native-scoring.js';

const root = process.cwd();
const source = path.join(root, 'daemon', 'engine', 'storage', 'embedded', 'sqlite', 'native', 'keyword-score.c');
const headers = path.join(path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'deps', 'sqlite3');
const output = keywordScoreLibrary();
const compiler = process.env.CC ?? 'cc';
const linkFlag = process.platform === 'darwin' ? '-dynamiclib' : '-shared';

rmSync(output, {force: true}); // an older build's library is never loaded beside this build's code
mkdirSync(path.dirname(output), {recursive: true});
try {
	execaSync(compiler, ['-O2', '-fPIC', linkFlag, '-I', headers, source, '-o', output], {stdio: 'inherit'});
	console.log(`md-vector build: ${path.relative(root, output)} (keyword search's scoring in FTS5)`);
} catch (error) {
	console.warn(`md-vector build: the FTS5 scoring function was not compiled (${compiler}: ${(error as Error).message.split('\n')[0]}); keyword search works, scoring with FTS5's bm25() (more CPU). Install a C compiler (Debian: apt-get install gcc) and run npm run build again.`);
}
