import {daemonMain} from '../../common/package-root.js';

/**
 * Node's arguments for the daemon: its entry file and `args`, after a smaller young generation (V8's default
 * semi-space is 16 MB in each of its three threads): RSS after importing 100k chunks 554 -> 478 MB; and
 * `--expose-gc`, so the index thread can collect a replaced index at once (index-thread-main.ts).
 */
export function daemonArguments(args: readonly string[]): string[] {
	return ['--max-semi-space-size=4', '--expose-gc', daemonMain, ...args];
}

/**
 * The daemon's environment: glibc's allocator settings, read only when a process starts, so they are set by
 * the process that starts it. Measured after importing 100k chunks: RSS 727 MB with the defaults, 554 MB with
 * at most 2 malloc arenas (threads: HTTP, index, embedding) and large blocks (faiss, ONNX Runtime) given back
 * to the system when freed (a fixed mmap threshold). A value the user set wins.
 */
export function daemonEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	return {MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...env};
}
