// npm run bench:sources: the folder-source walker against the old one, and the watcher's idle CPU, latency
// and burst handling on the PowerShell docs (3,000+ files); every number with the machine.
import path from 'node:path';
import {parseArgs} from 'node:util';
import {checkLoad, machine, underLoadOption} from './machine.js';
import {compareWalkers, type Timing} from './walk-sources.js';
import {measureWatcher, watchSettings} from './watch-sources.js';
import {measureDaemonWatch} from './watch-daemon.js';

const {values: options} = parseArgs({options: {idle: {type: 'string', default: '30'}, runs: {type: 'string', default: '9'}, ...underLoadOption}});
const load = checkLoad(options['under-load']);
const corpus = path.resolve('..', 'shared', 'data', 'powershell-docs', 'corpus');
const fixed = (value: number, digits = 1) => value.toFixed(digits);

console.log(`machine: ${machine()}`);
const walk = await compareWalkers(corpus, Number(options.runs));
const time = (timing: Timing) => `${fixed(timing.wallMs)} ms (CPU ${fixed(timing.cpuMs)} ms)`;
console.log(`\n1. walking powershell-docs (${walk.files} Markdown files), medians of ${options.runs} alternating runs, wall clock (CPU time):`);
console.log(`   old walker (names only): ${time(walk.old)}`);
console.log(`   new walker (ignore files, globs, symlinks, size and mtime of each file): ${time(walk.new)}`);
console.log(`   same files: ${walk.sameFiles ? 'yes' : 'NO'}`);
console.log(`   snapshot for a sync, reading and hashing every file: ${time(walk.hashAll)}`);
console.log(`   snapshot with the last sync's sizes and mtimes (what a watcher's batch costs): ${time(walk.known)}`);

const watch = await measureWatcher(corpus, Number(options.idle));
console.log(`\n2. watching a copy of powershell-docs (${watch.files} Markdown files; ${watchSettings}):`);
console.log(`   ready in ${fixed(watch.readyMs, 0)} ms; idle for ${watch.idleSeconds} s: ${fixed(watch.idleCpuPercent, 3)}% of one core; RSS ${fixed(watch.rssMb, 0)} MB (this process)`);
console.log(`   save to batch: p50 ${fixed(watch.latencyP50)} ms, p95 ${fixed(watch.latencyP95)} ms (30 saves, one at a time)`);
console.log(`   burst of ${watch.burstFiles} edits: all handed over ${fixed(watch.burstMs, 0)} ms after the first write, in ${watch.burstBatches} batches holding ${watch.burstPathsDelivered} paths (${watch.burstPathsDelivered === watch.burstFiles ? 'each once' : 'NOT each once'})`);

const daemonWatch = await measureDaemonWatch(corpus, Number(options.idle));
console.log(`\n3. the daemon (generated test model) following a copy of powershell-docs as a folder source (${daemonWatch.files} files) through GET /watch/events:`);
console.log(`   idle for ${daemonWatch.idleSeconds} s while watching: ${fixed(daemonWatch.idleCpuPercent, 3)}% of one core (the daemon process, all threads)`);
console.log(`   save to searchable: p50 ${fixed(daemonWatch.searchableP50, 0)} ms, p95 ${fixed(daemonWatch.searchableP95, 0)} ms (${daemonWatch.saves} saves one at a time: append a new word, then search for it until found)`);

console.log(load.finish());
