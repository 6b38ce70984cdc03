import faiss from 'faiss-node';
import fs from 'node:fs';
function patch(file, efC, efS) {
  const b = fs.readFileSync(file);
  if (b.toString('latin1', 0, 4) !== 'IHNf') throw new Error('not IHNf: ' + b.toString('latin1', 0, 4));
  let o = 4 + 4 + 8 + 8 + 8 + 1; const metric = b.readInt32LE(o); o += 4; if (metric > 1) o += 4;
  for (const size of [8, 4, 4, 8, 4]) { const n = Number(b.readBigUInt64LE(o)); o += 8 + n * size; }
  // entry_point, max_level, efConstruction, efSearch, upper_beam
  console.log('before', b.readInt32LE(o + 8), b.readInt32LE(o + 12));
  b.writeInt32LE(efC, o + 8); b.writeInt32LE(efS, o + 12); fs.writeFileSync(file, b);
}
const d = 384, N = Number(process.argv[2] ?? 100000), C = 1000;
// clustered: 1000 centres, points = centre + noise, normalised
const rnd = () => { let u = 0, v = 0; while (!u) u = Math.random(); v = Math.random(); return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v); };
const norm = a => { let s = 0; for (const x of a) s += x * x; s = Math.sqrt(s); return a.map(x => x / s); };
const centres = Array.from({length: C}, () => norm(Array.from({length: d}, rnd)));
const point = () => { const c = centres[Math.floor(Math.random() * C)]; return norm(c.map(x => x + rnd() * 0.06)); };
const data = []; for (let i = 0; i < N; i++) data.push(...point());
const queries = Array.from({length: 200}, point);
const flat = new faiss.IndexFlatIP(d); for (let i = 0; i < N; i += 20000) flat.add(data.slice(i * d, Math.min(N, i + 20000) * d));
for (const [efC, efS] of [[40, 64], [80, 64], [80, 128]]) {
  const empty = faiss.Index.fromFactory(d, 'HNSW32,Flat', faiss.MetricType.METRIC_INNER_PRODUCT);
  empty.write('/tmp/h.faiss'); patch('/tmp/h.faiss', efC, efS);
  const h = faiss.Index.read('/tmp/h.faiss');
  let t = performance.now(); for (let i = 0; i < N; i += 20000) h.add(data.slice(i * d, Math.min(N, i + 20000) * d)); const add = performance.now() - t;
  let hit = 0; const times = [];
  for (const q of queries) { const e = flat.search(q, 10).labels; t = performance.now(); const a = h.search(q, 10).labels; times.push(performance.now() - t); hit += a.filter(x => e.includes(x)).length; }
  times.sort((x, y) => x - y);
  h.write('/tmp/h2.faiss');
  console.log({efC, efS, addS: (add / 1000).toFixed(1), recall: hit / 2000, p50: times[100].toFixed(2), p99: times[197].toFixed(2)});
}
let t = performance.now(); const ft = []; for (const q of queries) { t = performance.now(); flat.search(q, 10); ft.push(performance.now() - t); } ft.sort((a, b) => a - b); console.log('flat p50', ft[100].toFixed(1));
