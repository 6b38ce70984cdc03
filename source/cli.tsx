#!/usr/bin/env node
// md-vector's command line: one file per command in ./commands (pastel), each a thin client of the daemon.

// chalk (under Ink) reads FORCE_COLOR but not NO_COLOR (https://no-color.org): map one to the other before it loads.
if (process.env.NO_COLOR && process.env.FORCE_COLOR === undefined) {
	process.env.FORCE_COLOR = '0';
}

const {default: Pastel} = await import('pastel');
await new Pastel({importMeta: import.meta, name: 'md-vector'}).run();
