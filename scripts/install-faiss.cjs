#!/usr/bin/env node
// postinstall: make sure faiss-node has a working native addon.
// faiss-node's own install script is denied in package.json "allowScripts": it clones faiss from GitHub
// when its prebuilt binary cannot be fetched, which fails (or hangs) on machines without GitHub access.
// Order: addon already loads -> done; prebuilt binary (prebuild-install) -> done; else build from source
// against Debian's libfaiss-dev (faiss 1.7.3) + libopenblas-dev.
const fs = require('node:fs');
const path = require('node:path');
const {spawnSync} = require('node:child_process');

const log = message => console.log(`md-vector install: ${message}`);
let pkgDir;
try {
	pkgDir = path.dirname(require.resolve('faiss-node/package.json'));
} catch {
	process.exit(0); // installed without faiss-node (e.g. --omit=optional): nothing to do
}

function addonLoads() {
	const result = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(pkgDir)})`], {stdio: 'ignore'});
	return result.status === 0;
}

function tryPrebuilt() {
	let bin;
	try {
		bin = require.resolve('prebuild-install/bin.js', {paths: [pkgDir]});
	} catch {
		return false;
	}

	const result = spawnSync(process.execPath, [bin, '--runtime', 'napi'], {cwd: pkgDir, stdio: 'ignore', timeout: 60_000});
	return result.status === 0 && addonLoads();
}

function buildAgainstDebian() {
	if (!fs.existsSync('/usr/include/faiss/IndexFlat.h')) {
		console.error('md-vector install: faiss-node has no prebuilt binary for this machine and /usr/include/faiss is missing.\n'
			+ '  Install the Debian packages and run npm install again: sudo apt-get install -y libfaiss-dev libopenblas-dev');
		process.exit(1);
	}

	// faiss 1.7.3 has idx_t only as faiss::Index::idx_t; faiss-node 0.5.x (written for 1.7.4) uses faiss::idx_t.
	fs.writeFileSync(
		path.join(pkgDir, 'faiss_compat.h'),
		'#pragma once\n#include <faiss/Index.h>\nnamespace faiss { using idx_t = Index::idx_t; }\n',
	);
	/* eslint-disable camelcase -- node-gyp's key names */
	fs.writeFileSync(path.join(pkgDir, 'binding.gyp'), JSON.stringify({
		targets: [{
			target_name: 'faiss-node',
			sources: ['src/faiss.cc'],
			include_dirs: ['<!(node -p "require(\'node-addon-api\').include_dir")'],
			'cflags_cc!': ['-fno-exceptions', '-fno-rtti'],
			cflags_cc: ['-include', '<(module_root_dir)/faiss_compat.h', '-std=c++17', '-fexceptions', '-frtti', '-fopenmp', '-O2'],
			defines: ['NAPI_VERSION=8', 'NAPI_CPP_EXCEPTIONS'],
			libraries: ['-Wl,--whole-archive -l:libfaiss.a -Wl,--no-whole-archive', '-lopenblas', '-fopenmp'],
		}],
	}, null, 2));
	/* eslint-enable camelcase */
	const gyp = process.env.npm_config_node_gyp
		|| path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
	const args = [gyp, 'rebuild'];
	// Without nodedir, node-gyp downloads Node's headers; use the installed ones when they are there.
	const nodedir = process.env.npm_config_nodedir
		|| (fs.existsSync(path.join(path.dirname(process.execPath), '..', 'include', 'node', 'node_api.h')) ? path.resolve(path.dirname(process.execPath), '..') : undefined);
	if (nodedir) {
		args.push(`--nodedir=${nodedir}`);
	}

	const build = spawnSync(process.execPath, args, {cwd: pkgDir, encoding: 'utf8'});
	if (build.status !== 0) {
		console.error(`${build.stdout}\n${build.stderr}\nmd-vector install: building faiss-node failed (needs g++, make, python3)`);
		process.exit(1);
	}

	if (!addonLoads()) {
		console.error('md-vector install: faiss-node was built but does not load (missing libopenblas0 / libgomp1?)');
		process.exit(1);
	}
}

if (addonLoads()) {
	log('faiss-node addon present');
} else if (process.env.MD_VECTOR_SKIP_PREBUILT !== '1' && tryPrebuilt()) {
	log('faiss-node prebuilt binary installed');
} else {
	log('building faiss-node against the system libfaiss (Debian libfaiss-dev)...');
	buildAgainstDebian();
	log('faiss-node built from source');
}
