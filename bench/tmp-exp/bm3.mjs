import Database from 'better-sqlite3';
import {keywordTokens} from '../../dist/daemon/engine/text/keyword-tokens.js';
import {chunkTexts} from '../../dist/bench/ingest-throughput.js';
import {sampleQueries} from '../../dist/bench/search-latency.js';
const db = new Database('/tmp/bm-home/data/md-vector.sqlite', {readonly: true});
const coll = db.prepare("select id from collections where name='big'").get().id;
const W = '2, 1.5, 1';
const q = t => `"${t.replaceAll('"', '""')}"`;
const full = db.prepare(`SELECT f.rowid AS rowid, bm25(chunks_fts, ${W}) AS rank FROM chunks_fts f JOIN chunks c INDEXED BY chunks_collection_of_row ON c.id = f.rowid WHERE chunks_fts MATCH ? AND c.collection_id = ? ORDER BY rank LIMIT ?`);
const scored = db.prepare(`SELECT f.rowid AS rowid, bm25(chunks_fts, ${W}) AS rank FROM chunks_fts f JOIN chunks c INDEXED BY chunks_collection_of_row ON c.id = f.rowid WHERE chunks_fts MATCH ? AND c.collection_id = ?`);
const plain = db.prepare(`SELECT rowid, bm25(chunks_fts, ${W}) AS rank FROM chunks_fts WHERE chunks_fts MATCH ?`);
const dfStmt = db.prepare('SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?');
const N = db.prepare('SELECT count(*) AS n FROM chunks').get().n;
const dfCache = new Map();
const df = t => { let v = dfCache.get(t); if (v === undefined) { v = dfStmt.get(q(t)).n; dfCache.set(t, v); } return v; };
const idf = n => Math.max(Math.log((N - n + 0.5) / (n + 0.5)), 1e-6);
function pruned(tokens, k) {
  const terms = tokens.map(t => ({t, n: df(t), ub: 2.2 * idf(df(t)) * 1.001})).sort((a, b) => a.n - b.n);
  const total = terms.reduce((s, x) => s + x.n, 0);
  const rest = e => terms.slice(e).reduce((s, x) => s + x.ub, 0);
  let theta = 0;
  for (let e = 1; e < terms.length; e++) {
    if (rest(e) >= theta && theta > 0) continue; // cannot succeed yet: theta only grows
    const E = terms.slice(0, e), C = terms.slice(e);
    if (E.reduce((s, x) => s + x.n, 0) * 1.5 > total) return null;
    const eq = E.map(x => q(x.t)).join(' OR ');
    const all = [...E, ...C, ...C].map(x => q(x.t)).join(' OR ');
    const top = full.all(`(${eq}) AND (${all})`, coll, k).map(r => ({rowid: r.rowid, rank: r.rank / 2}));
    if (top.length < k) continue;
    theta = -top[k - 1].rank;
    if (theta > rest(e)) return top;
  }
  return null;
}
const texts = await chunkTexts('/tmp/prof-home/docs');
const queries = sampleQueries(texts, 200).map(s => [...new Set(keywordTokens(s))]).filter(t => t.length);
const p = (a, x) => a.sort((m, n) => m - n)[Math.floor(a.length * x)].toFixed(1);
const tf = [], tp = []; let hits = 0, same = 0;
for (const tokens of queries) {
  const match = tokens.map(q).join(' OR ');
  let t = performance.now(); const a = full.all(match, coll, 50); tf.push(performance.now() - t);
  t = performance.now(); let b = tokens.length > 1 ? pruned(tokens, 50) : null; if (b) hits++; if (!b) b = full.all(match, coll, 50); tp.push(performance.now() - t); if (performance.now() - t > 30) console.log("SLOW", (performance.now() - t).toFixed(0), tokens.map(x => x + ":" + df(x)).join(" "), b === null);
  const sa = a.map(r => r.rank.toFixed(6)).join(), sb = b.map(r => r.rank.toFixed(6)).join(); if (sa === sb) same++; else if (same < 3) console.log('DIFF', tokens, sa.slice(0,80), sb.slice(0,80));
}
console.log('full p50', p(tf, .5), 'p99', p(tf, .99), '| pruned p50', p(tp, .5), 'p99', p(tp, .99), 'pruned used', hits, 'same scores', same, '/', queries.length);
