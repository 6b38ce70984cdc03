// The shape of md-vector's command table: what each command takes, for parsing, help and shell completions
// alike. Loading the table loads no command: each one's code is imported only when it runs.
import type {Io} from './io.js';

/** What a value completes to in a shell: a file, a folder, or one of the choices. */
export type Completes = 'file' | 'directory';

export type OptionSpec = {
	/** The long name without dashes (--top-k). */
	readonly name: string;
	readonly short?: string;
	/** The placeholder of its value (N, name, file); a flag when absent. */
	readonly value?: string;
	readonly description: string;
	/** The value when the option is not given, shown in help as "(10)". */
	readonly default?: string;
	readonly choices?: readonly string[];
	/** Refuses a bad value at parse time: returns the rule it breaks. */
	readonly check?: (value: string) => string | undefined;
	readonly completes?: Completes;
	/** The command cannot run without it. */
	readonly required?: boolean;
	/** May be given several times: its value is the list of all of them (listOption). */
	readonly repeatable?: boolean;
};

export type ArgumentSpec = {
	/** As help shows it: QUERY, FILE. */
	readonly name: string;
	readonly description: string;
	readonly optional?: boolean;
	/** The last argument only: it may be given several times (FILE...). */
	readonly variadic?: boolean;
	readonly choices?: readonly string[];
	/** Values refused with a reason of their own, which names the fix (a setting md-vector will not store). */
	readonly refused?: Readonly<Record<string, string>>;
	/** Its choices are offered (help, completions) but the command checks the value itself (`config unset` of a key that is no setting). */
	readonly open?: boolean;
	readonly completes?: Completes;
};

export type Invocation = {
	readonly args: readonly string[];
	/** By long name; flags are true or false, and options with a default always have a value. */
	readonly options: Readonly<Record<string, string | boolean | readonly string[] | undefined>>;
	readonly json: boolean;
};

export type CommandModule = {
	/** Does the work; what it returns is printed as the one JSON document under --json. */
	run(invocation: Invocation, io: Io): Promise<unknown>;
};

export type CommandSpec = {
	/** One word, or a group and a word ('config set'). */
	readonly name: string;
	/** One line for the root help. */
	readonly summary: string;
	/** More for the command's own help, when one line is not enough. */
	readonly details?: string;
	readonly args?: readonly ArgumentSpec[];
	readonly options?: readonly OptionSpec[];
	/** Takes --json. */
	readonly json?: boolean;
	readonly examples: readonly string[];
	/** The daemon's field names in its messages, as the user wrote them (top_k -> -k). */
	readonly words?: Readonly<Record<string, string>>;
	/** Parses its own arguments (`mcp`): the runner hands them over untouched. */
	readonly ownArguments?: boolean;
	readonly load: () => Promise<CommandModule>;
};

/** Strings of the option's value as the runner fills them in. */
export const stringOption = (invocation: Invocation, name: string): string => invocation.options[name] as string;
/** Every value of a repeatable option, in the order given (empty when it was not given). */
export const listOption = (invocation: Invocation, name: string): readonly string[] => (invocation.options[name] as readonly string[] | undefined) ?? [];
export const flag = (invocation: Invocation, name: string): boolean => invocation.options[name] === true;
