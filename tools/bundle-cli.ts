// The last step of `npm run build`: the md-vector command as one CommonJS file, dist/cli/md-vector.cjs (the
// package's bin), plus ES module chunks beside it for what only some runs need (the Ink TUI and live progress,
// conf and zod, the MCP SDK, fastest-levenshtein). Measured: a one-shot command paid ~2 ms per module file
// (40 files: resolve, read, compile, link) and ~4 ms more for the ES module loader itself; one CommonJS file
// pays neither. It bundles tsc's output (dist/source), so the code is compiled once, by tsc.
import {readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {build, type BuildOptions, type Metafile, type Plugin} from 'esbuild';

const root = process.cwd();
const sourceDir = path.join(root, 'dist', 'source');
const outDir = path.join(root, 'dist', 'cli');
/** Packages a one-shot command may load: small, and needed on its common path. Any other makes a module lazy. */
const lightPackages = new Set(['env-paths', 'stemmer']); // stemmer: highlighting marks the words the search matched
const staticImport = /^\s*(?:import|export)\s+(?:[^'";]*?from\s*)?['"]([^'"]+)['"]/gm;
const dynamicImport = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The packages a module loads through its static imports, transitively. */
function staticPackages(entry: string): Set<string> {
	const seen = new Set<string>();
	const packages = new Set<string>();
	const queue = [entry];
	while (queue.length > 0) {
		const file = queue.pop()!;
		if (seen.has(file)) {
			continue;
		}

		seen.add(file);
		for (const [, specifier] of readFileSync(file, 'utf8').matchAll(staticImport)) {
			if (specifier!.startsWith('.')) {
				queue.push(path.resolve(path.dirname(file), specifier!));
			} else if (!specifier!.startsWith('node:')) {
				packages.add(specifier!);
			}
		}
	}

	return packages;
}

const jsFiles = (directory: string): string[] => readdirSync(directory, {withFileTypes: true}).flatMap(entry => {
	const full = path.join(directory, entry.name);
	return entry.isDirectory() ? jsFiles(full) : (entry.name.endsWith('.js') ? [full] : []);
});

/** Every module the command line imports dynamically whose static graph loads a package that is not light. */
function lazyModules(): string[] {
	const targets = new Set<string>();
	for (const file of [...jsFiles(sourceDir), ...jsFiles(path.join(root, 'dist', 'common'))]) {
		for (const [, specifier] of readFileSync(file, 'utf8').matchAll(dynamicImport)) {
			targets.add(path.resolve(path.dirname(file), specifier!));
		}
	}

	return [...targets].filter(target => [...staticPackages(target)].some(name => !lightPackages.has(name))).sort();
}

// Ink imports react-devtools-core only when DEV=true (not a dependency): left out.
const shared: BuildOptions & {metafile: true} = {bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', legalComments: 'none', external: ['react-devtools-core'], metafile: true, minifyWhitespace: true, minifySyntax: true, define: {'process.env.NODE_ENV': '"production"'}};

const {version} = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {version: string};
/** The version as a constant: common/version.ts reads package.json, which every command would pay for. */
const inlineVersion: Plugin = {
	name: 'inline-version',
	setup(builder) {
		builder.onLoad({filter: /[/\\]dist[/\\]common[/\\]version\.js$/}, () => ({contents: `export const version = ${JSON.stringify(version)};`}));
	},
};

/**
 * Ink's layout engine (yoga-layout) loads its WebAssembly from a base64 string, but first tries the global fetch,
 * whose first use loads undici: measured 25-80 ms of the TUI's start. Without a fetch in its scope it decodes
 * the string itself, as it does where there is no fetch.
 */
const yogaWithoutFetch: Plugin = {
	name: 'yoga-without-fetch',
	setup(builder) {
		builder.onLoad({filter: /[/\\]yoga-layout[/\\]dist[/\\]binaries[/\\][^/\\]+\.js$/}, arguments_ => ({contents: `const fetch = undefined;\n${readFileSync(arguments_.path, 'utf8')}`, loader: 'js'}));
	},
};

rmSync(outDir, {recursive: true, force: true});
const lazy = lazyModules();
// CommonJS packages inside ES module chunks call require(): give them one.
const lazyBuild = await build({
	...shared, entryPoints: lazy, plugins: [inlineVersion, yogaWithoutFetch], outdir: outDir, format: 'esm', splitting: true, entryNames: '[name]-[hash]', chunkNames: 'chunk-[hash]',
	banner: {js: 'import {createRequire as __mdvCreateRequire} from \'node:module\'; const require = __mdvCreateRequire(import.meta.url);'},
});
// The chunk of each lazy module (the metafile also names as entry points the modules they import dynamically).
const lazyOutput = new Map(Object.entries(lazyBuild.metafile.outputs).flatMap(([output, {entryPoint}]) => {
	const module = entryPoint && path.resolve(root, entryPoint);
	return module && lazy.includes(module) ? [[module, `./${path.basename(output)}`] as const] : [];
}));

/** A dynamic import of a lazy module becomes an import of its chunk; everything else is bundled in. */
const lazyImports: Plugin = {
	name: 'lazy-imports',
	setup(builder) {
		builder.onResolve({filter: /^\./}, arguments_ => {
			const chunk = arguments_.kind === 'dynamic-import' ? lazyOutput.get(path.resolve(arguments_.resolveDir, arguments_.path)) : undefined;
			return chunk ? {path: chunk, external: true} : undefined;
		});
	},
};

const coreBuild = await build({
	...shared, entryPoints: [path.join(sourceDir, 'cli.js')], outfile: path.join(outDir, 'cli.cjs'), format: 'cjs', plugins: [lazyImports, inlineVersion],
	// import.meta.url (the package's folder, the daemon's entry) as CommonJS knows it.
	define: {'import.meta.url': '__mdvImportMetaUrl'},
	banner: {js: 'const __mdvImportMetaUrl = require(\'node:url\').pathToFileURL(__filename).href;'},
});

// The bin: Node's compile cache first (Node 22.1+; a no-op before), so the next run reads the compiled code instead of
// compiling it again; `--version` without loading the rest (nothing else to do for it).
writeFileSync(path.join(outDir, 'md-vector.cjs'), `#!/usr/bin/env node
'use strict';
// Written by tools/bundle-cli.ts (npm run build): the md-vector command is ./cli.cjs.
require('node:module').enableCompileCache?.();
if (process.argv.length === 3 && process.argv[2] === '--version') {
	process.stdout.write(${JSON.stringify(`${version}
`)});
} else {
	require('./cli.cjs');
}
`, {mode: 0o755});
// What went into each file, for the test that keeps Ink, React and the engine out of one-shot commands.
const metafile: Metafile = {inputs: {...lazyBuild.metafile.inputs, ...coreBuild.metafile.inputs}, outputs: {...lazyBuild.metafile.outputs, ...coreBuild.metafile.outputs}};
writeFileSync(path.join(outDir, 'meta.json'), JSON.stringify(metafile));
