import fs from 'node:fs';
const {chunkMarkdown: oldChunk} = await import('/work/main/dist-old/daemon/engine/chunker/chunk-markdown.js');
const {chunkMarkdown: newChunk} = await import('/work/main/dist/daemon/engine/chunker/chunk-markdown.js');
const file = process.argv[2]; const src = fs.readFileSync(file, 'utf8');
const a = oldChunk(src, 'x.md'), b = newChunk(src, 'x.md');
for (let i = 0; i < Math.max(a.chunks.length, b.chunks.length); i++) { const x = a.chunks[i], y = b.chunks[i];
  if (!x || !y || x.content !== y.content || JSON.stringify(x.headingPath) !== JSON.stringify(y.headingPath)) {
    console.log('OLD', JSON.stringify(x?.headingPath), x?.startLine, x?.endLine, JSON.stringify(x?.content).slice(0, 600));
    console.log('NEW', JSON.stringify(y?.headingPath), y?.startLine, y?.endLine, JSON.stringify(y?.content).slice(0, 600)); break; } }
