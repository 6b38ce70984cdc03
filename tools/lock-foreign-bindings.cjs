#!/usr/bin/env node
// Run after `npm install` changes package-lock.json: `node tools/lock-foreign-bindings.cjs`.
// The registry mirror these machines use does not serve unrs-resolver's (xo's) bindings for other platforms, so
// `npm install` leaves them out of the lock and `npm ci` then refuses it ("Missing: ... from lock file"). Their
// entries carry only platform fields: they are optional, and npm ci skips them here without fetching them.
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const {packages} = lock;
const platforms = {
	'android-arm-eabi': ['android', 'arm'],
	'android-arm64': ['android', 'arm64'],
	'darwin-arm64': ['darwin', 'arm64'],
	'darwin-x64': ['darwin', 'x64'],
	'freebsd-x64': ['freebsd', 'x64'],
	'linux-arm-gnueabihf': ['linux', 'arm', 'glibc'],
	'linux-arm-musleabihf': ['linux', 'arm', 'musl'],
	'linux-arm64-gnu': ['linux', 'arm64', 'glibc'],
	'linux-arm64-musl': ['linux', 'arm64', 'musl'],
	'linux-loong64-gnu': ['linux', 'loong64', 'glibc'],
	'linux-loong64-musl': ['linux', 'loong64', 'musl'],
	'linux-ppc64-gnu': ['linux', 'ppc64', 'glibc'],
	'linux-riscv64-gnu': ['linux', 'riscv64', 'glibc'],
	'linux-riscv64-musl': ['linux', 'riscv64', 'musl'],
	'linux-s390x-gnu': ['linux', 's390x', 'glibc'],
	'linux-x64-gnu': ['linux', 'x64', 'glibc'],
	'linux-x64-musl': ['linux', 'x64', 'musl'],
	'openharmony-arm64': ['openharmony', 'arm64'],
	'win32-arm64-msvc': ['win32', 'arm64'],
	'win32-ia32-msvc': ['win32', 'ia32'],
	'win32-x64-msvc': ['win32', 'x64'],
};

const resolver = packages['node_modules/unrs-resolver'];
let added = 0;
for (const [name, version] of Object.entries(resolver?.optionalDependencies ?? {})) {
	const key = `node_modules/${name}`;
	const platform = platforms[name.replace('@unrs/resolver-binding-', '')];
	if (packages[key] || !platform) {
		continue;
	}

	const [os, cpu, libc] = platform;
	packages[key] = {version, cpu: [cpu], dev: true, ...(libc ? {libc: [libc]} : {}), license: 'MIT', optional: true, os: [os]};
	added++;
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => a.localeCompare(b, 'en')));
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock-foreign-bindings: added ${added} entr${added === 1 ? 'y' : 'ies'}`);
