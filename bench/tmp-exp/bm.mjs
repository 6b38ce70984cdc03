import Database from 'better-sqlite3';
import {keywordQuery} from '../../dist/daemon/engine/search/keyword-query.js';
import {chunkTexts} from '../../dist/bench/ingest-throughput.js';
import {sampleQueries} from '../../dist/bench/search-latency.js';
const db = new Database('/tmp/bm-home/data/md-vector.sqlite', {readonly: true});
const texts = await chunkTexts('/tmp/prof-home/docs');
const queries = sampleQueries(texts, 200).map(keywordQuery).filter(Boolean);
const coll = db.prepare("select id from collections where name='big'").get().id;
const stmts = {
  count: db.prepare('SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?'),
  rowids: db.prepare('SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ?'),
  bm25: db.prepare('SELECT rowid, bm25(chunks_fts, 2, 1.5, 1) AS r FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY r LIMIT 50'),
  current: db.prepare(`SELECT f.rowid AS rowid, bm25(chunks_fts, 2, 1.5, 1) AS rank FROM chunks_fts f JOIN chunks c INDEXED BY chunks_collection_of_row ON c.id = f.rowid WHERE chunks_fts MATCH ? AND c.collection_id = ? ORDER BY rank LIMIT 50`),
};
const p = (a, q) => a.sort((x, y) => x - y)[Math.floor(a.length * q)].toFixed(1);
for (const [name, st] of Object.entries(stmts)) {
  const times = []; let n = 0;
  for (const q of queries) { const t = performance.now(); const r = name === 'current' ? st.all(q, coll) : st.all(q); times.push(performance.now() - t); n += name === 'count' ? r[0]['count(*)'] : r.length; }
  console.log(name.padEnd(8), 'p50', p(times, .5), 'p99', p(times, .99), 'avg rows', (n / queries.length).toFixed(0));
}
console.log(queries.slice(0, 5));
