import {bashScript} from '../command-table/completions/bash.js';
import {fishScript} from '../command-table/completions/fish.js';
import {zshScript} from '../command-table/completions/zsh.js';
import type {Io} from '../cli/io.js';
import type {Invocation} from '../cli/spec.js';

const scripts = {bash: bashScript, zsh: zshScript, fish: fishScript} as const;

/** Prints the completion script of a shell, generated from the command table. */
export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	io.out(scripts[invocation.args[0] as keyof typeof scripts]());
	return undefined;
}
