import faiss from 'faiss-node';
import {VectorIndex} from '../../dist/daemon/engine/vector-index/vector-index.js';
import {hnswSearchParameters} from '../../dist/daemon/engine/vector-index/hnsw-file.js';
const {writeIndex} = await import('../../dist/daemon/engine/vector-index/index-file.js');
let state = 7; const random = () => { state = (state * 1103515245 + 12345) % 2147483648; return state / 2147483648; };
const g = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
const norm = v => { const n = Math.hypot(...v); return Float32Array.from(v, x => x / n); };
const dims = 32; const noise = Number(process.argv[2] ?? 0.3);
const centres = Array.from({length: 40}, () => Array.from({length: dims}, g));
const pts = n => Array.from({length: n}, () => norm(centres[Math.floor(random() * 40)].map(x => x + g() * noise)));
const vectors = pts(4000), queries = pts(100);
const exact = new VectorIndex(dims), h = new VectorIndex(dims, 'hnsw');
for (const i of [exact, h]) i.add(vectors.map((vector, r) => ({rowid: r + 1, vector})));
writeIndex('/tmp/efh', h, 1); console.log(hnswSearchParameters('/tmp/efh.faiss'));
let f = 0; for (const q of queries) { const t = new Set(exact.search(q, 10).map(x => x.rowid)); f += h.search(q, 10).filter(x => t.has(x.rowid)).length; }
console.log('recall', f / 1000);
