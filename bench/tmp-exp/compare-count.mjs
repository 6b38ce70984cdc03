import fs from 'node:fs'; import path from 'node:path';
import {Tokenizer} from '@huggingface/tokenizers';
const {chunkMarkdown} = await import('/work/main/dist/daemon/engine/chunker/chunk-markdown.js');
const dir = '/work/main/assets/bert-uncased-tokenizer';
const tok = new Tokenizer(JSON.parse(fs.readFileSync(dir + '/tokenizer.json','utf8')), JSON.parse(fs.readFileSync(dir + '/tokenizer_config.json','utf8')));
const plain = text => tok.encode(text).ids.length;
let files = 0, differ = 0;
for (const root of ['/work/shared/data/kubernetes-keps', '/work/shared/data/powershell-docs']) for (const e of fs.readdirSync(root, {recursive: true, withFileTypes: true})) {
  if (!e.isFile() || !e.name.endsWith('.md')) continue; files++;
  const src = fs.readFileSync(path.join(e.parentPath, e.name), 'utf8');
  const a = chunkMarkdown(src, e.name, {countTokens: plain}), b = chunkMarkdown(src, e.name);
  if (JSON.stringify(a) !== JSON.stringify(b)) { differ++; if (differ < 4) console.log('DIFF', e.parentPath, e.name); }
}
console.log({files, differ});
