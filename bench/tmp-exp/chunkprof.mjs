import fs from 'node:fs';
const {chunkMarkdown} = await import('/work/main/dist/daemon/engine/chunker/chunk-markdown.js');
const files = fs.readFileSync('/tmp/files.txt','utf8').trim().split('\n').map(f => fs.readFileSync('/work/shared/data/powershell-docs/'+f,'utf8'));
for (let r = 0; r < 3; r++) { const t = performance.now(); let n = 0; for (const f of files) n += chunkMarkdown(f, 'x.md').chunks.length; console.log(n, Math.round(performance.now() - t), 'ms'); }
