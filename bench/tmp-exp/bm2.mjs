import Database from 'better-sqlite3';
import {keywordTokens} from '../../dist/daemon/engine/text/keyword-tokens.js';
import {keywordQuery} from '../../dist/daemon/engine/search/keyword-query.js';
import {chunkTexts} from '../../dist/bench/ingest-throughput.js';
import {sampleQueries} from '../../dist/bench/search-latency.js';
const db = new Database('/tmp/bm-copy.sqlite');
const coll = db.prepare("select id from collections where name='big'").get().id;
if (!db.prepare("select name from sqlite_master where name='fts_big'").get()) {
  db.exec(`CREATE VIRTUAL TABLE fts_big USING fts5(title, headings, body, tokenize = 'unicode61 remove_diacritics 0', content = '', contentless_delete = 1)`);
  const ins = db.prepare('INSERT INTO fts_big (rowid, title, headings, body) VALUES (?, ?, ?, ?)');
  const t = performance.now();
  const rows = db.prepare('SELECT c.id, d.title, c.heading_path, c.content FROM chunks c JOIN documents d ON d.id = c.document_id WHERE c.collection_id = ?').all(coll); db.transaction(() => { for (const r of rows) ins.run(r.id, keywordTokens(r.title).join(' '), keywordTokens(JSON.parse(r.heading_path).join(' ')).join(' '), keywordTokens(r.content).join(' ')); })();
  console.log('built', performance.now() - t);
}
const texts = await chunkTexts('/tmp/prof-home/docs');
const queries = sampleQueries(texts, 200).map(keywordQuery).filter(Boolean);
const stmts = {
  count: db.prepare('SELECT count(*) AS n FROM fts_big WHERE fts_big MATCH ?'),
  rowids: db.prepare('SELECT rowid FROM fts_big WHERE fts_big MATCH ?'),
  bm25: db.prepare('SELECT rowid, bm25(fts_big, 2, 1.5, 1) AS r FROM fts_big WHERE fts_big MATCH ? ORDER BY r LIMIT 50'),
  rank: db.prepare("SELECT rowid, rank FROM fts_big WHERE fts_big MATCH ? AND rank MATCH 'bm25(2, 1.5, 1)' ORDER BY rank LIMIT 50"),
};
const p = (a, q) => a.sort((x, y) => x - y)[Math.floor(a.length * q)].toFixed(1);
for (const [name, st] of Object.entries(stmts)) {
  const times = []; let n = 0;
  for (const q of queries) { const t = performance.now(); const r = st.all(q); times.push(performance.now() - t); n += name === 'count' ? r[0].n : r.length; }
  console.log(name.padEnd(8), 'p50', p(times, .5), 'p99', p(times, .99), 'avg rows', (n / queries.length).toFixed(0));
}
const a = stmts.bm25.all(queries[3]).map(r => r.rowid).join(), b = stmts.rank.all(queries[3]).map(r => r.rowid).join(); console.log('same', a === b);
