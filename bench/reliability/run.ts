// npm run reliability [-- --seed N] [--fuzz N] [--kills N] [--body-mb N] [--race-s N] [--hog N] [--only fuzz,kills,...] [--case N] [--database-url URL]: issue 16's attack,
// repeatable. Every section runs the real built daemon and CLI (processes, HTTP, MCP over HTTP and stdio); the
// figures and every failed check (named by the finding it guards) are printed with the machine, and the exit
// code is 1 when a must-be-0 figure is not 0 or a check failed.
import {parseArgs} from 'node:util';
import os from 'node:os';
import {machine} from '../machine.js';
import {CpuHog} from './cpu-hog.js';
import {Tally} from './tally.js';
import {sections, type SectionOptions} from './sections.js';

const {values} = parseArgs({options: {
	seed: {type: 'string', default: '16'},
	fuzz: {type: 'string', default: '10000'},
	stdio: {type: 'string', default: '1000'},
	kills: {type: 'string', default: '100'},
	searches: {type: 'string', default: '6000'},
	'body-mb': {type: 'string', default: '500'},
	'race-s': {type: 'string', default: '60'},
	only: {type: 'string'},
	case: {type: 'string'},
	hog: {type: 'string', default: '0'},
	rounds: {type: 'string', default: '20'},
	'database-url': {type: 'string'},
}});

const options: SectionOptions = {
	seed: Number(values.seed), fuzz: Number(values.fuzz), stdio: Number(values.stdio), kills: Number(values.kills),
	searches: Number(values.searches), bodyBytes: Number(values['body-mb']) * 1024 * 1024, raceMs: Number(values['race-s']) * 1000, rounds: Number(values.rounds), only: values.case === undefined ? undefined : Number(values.case),
	databaseUrl: values['database-url'],
};
const chosen = values.only?.split(',') ?? Object.keys(sections);
const unknown = chosen.filter(name => !(name in sections));
const tally = new Tally();
if (unknown.length > 0) {
	console.error(`unknown section '${unknown.join(', ')}'; sections: ${Object.keys(sections).join(', ')}`);
	process.exitCode = 2;
} else {
	console.log(`machine: ${machine()}`);
	console.log(`seed: ${options.seed} (replay one fuzz case: npm run reliability -- --only fuzz --seed ${options.seed} --case N)`);
	const hogs = Number(values.hog);
	console.log(`load average before: ${os.loadavg().map(load => load.toFixed(2)).join(', ')}${hogs > 0 ? `; ${hogs} processes spinning on the CPU throughout (--hog)` : ''}`);
	const hog = hogs > 0 ? new CpuHog(hogs) : undefined;
	for (const name of chosen) {
		const started = performance.now();
		const before = tally.requests;
		try {
			await sections[name]!(tally, options);
		} catch (error) {
			tally.check('crash', `section ${name} ran to its end`, false, (error as Error).stack ?? String(error));
		}

		console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s, ${(tally.requests - before).toLocaleString('en-US')} requests`);
	}

	const load = hog?.stop();
	console.log(`load average after: ${os.loadavg().map(value => value.toFixed(2)).join(', ')}${load ? `; while the hog ran: ${load.min.toFixed(1)} to ${load.max.toFixed(1)}` : ''}`);
	console.log('');
	for (const line of tally.summary()) {
		console.log(line);
	}

	process.exitCode = tally.clean ? 0 : 1;
}
