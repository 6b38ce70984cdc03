import fs from 'node:fs';
import path from 'node:path';
const {chunkMarkdown: oldChunk} = await import('/work/main/dist-old/daemon/engine/chunker/chunk-markdown.js');
const {chunkMarkdown: newChunk} = await import('/work/main/dist/daemon/engine/chunker/chunk-markdown.js');
const roots = ['/work/shared/data/kubernetes-keps', '/work/shared/data/powershell-docs'];
let files = 0, differ = 0, tOld = 0, tNew = 0; const kinds = {};
const shown = {};
for (const root of roots) for (const e of fs.readdirSync(root, {recursive: true, withFileTypes: true})) {
  if (!e.isFile() || !e.name.endsWith('.md')) continue;
  const file = path.join(e.parentPath, e.name); const src = fs.readFileSync(file, 'utf8'); files++;
  let t = performance.now(); const a = oldChunk(src, e.name); tOld += performance.now() - t;
  t = performance.now(); const b = newChunk(src, e.name); tNew += performance.now() - t;
  const why = [];
  if (a.title !== b.title) why.push('title');
  if (JSON.stringify(a.tags) !== JSON.stringify(b.tags)) why.push('tags');
  if (a.chunks.length !== b.chunks.length) why.push('count');
  else for (let i = 0; i < a.chunks.length; i++) { const x = a.chunks[i], y = b.chunks[i];
    if (x.tokens !== y.tokens) { why.push("tokens"); break; }
    if (x.content !== y.content) { why.push('content'); break; }
    if (JSON.stringify(x.headingPath) !== JSON.stringify(y.headingPath)) { why.push('path'); break; }
    if (x.startLine !== y.startLine || x.endLine !== y.endLine) { why.push('lines'); break; } }
  if (why.length) { differ++; for (const w of why) { kinds[w] = (kinds[w] ?? 0) + 1; if ((shown[w] = (shown[w] ?? 0) + 1) <= 3) console.log('DIFF', w, file); } }
}
console.log({files, differ, kinds, oldMs: Math.round(tOld), newMs: Math.round(tNew)});
