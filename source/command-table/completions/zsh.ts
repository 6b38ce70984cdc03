import type {CommandSpec, OptionSpec} from '../../cli/spec.js';
import {completable, firstArgument, groups, membersOf, optionsFor, plain, topWords} from './shape.js';

const completers = {directory: '_files -/', file: '_files'} as const;

/** What zsh offers for a value: its choices, files or folders, or nothing (a space). */
function action(option: {readonly choices?: readonly string[]; readonly completes?: 'file' | 'directory'}): string {
	if (option.choices) {
		return `(${option.choices.join(' ')})`;
	}

	return option.completes ? completers[option.completes] : ' ';
}

function optionSpec(option: OptionSpec): string {
	const names = option.short ? `'(-${option.short} --${option.name})'{-${option.short},--${option.name}}` : `--${option.name}`;
	const value = option.value ? `:${option.value}:${action(option)}` : '';
	return `${names}'[${plain(option.description)}]${value}'`;
}

function argumentsCall(spec: CommandSpec): string {
	const argument = firstArgument(spec);
	const positional = argument ? [`'1:${argument.name}:${action(argument)}'`] : [];
	return ['_arguments -s', ...optionsFor(spec).map(option => optionSpec(option)), '\'--url[the daemon at this URL]:url: \'', ...positional].join(' \\\n\t\t\t\t');
}

const described = (entries: Array<{word: string; summary: string}>) => entries.map(entry => `'${entry.word}:${plain(entry.summary).replaceAll(':', ' -')}'`).join(' ');

/** `source <(md-vector completion zsh)` after compinit: commands with their help, options, choices and files. */
export function zshScript(): string {
	return `#compdef md-vector
# md-vector completion for zsh: add to ~/.zshrc (after compinit):  source <(md-vector completion zsh)
_md_vector() {
	local -a commands
	commands=(${described(topWords())})
	if (( CURRENT == 2 )); then
		_describe 'command' commands
		return
	fi
	local command=\${words[2]}
	case $command in
${groups.map(group => `\t\t${group})\n\t\t\tif (( CURRENT == 3 )); then\n\t\t\t\tlocal -a members=(${described(membersOf(group).map(spec => ({word: spec.name.split(' ')[1]!, summary: spec.summary})))})\n\t\t\t\t_describe 'command' members\n\t\t\t\treturn\n\t\t\tfi\n\t\t\tcommand="${group} \${words[3]}"\n\t\t\tshift words; (( CURRENT-- )) ;;`).join('\n')}
	esac
	shift words; (( CURRENT-- ))
	case $command in
${completable().map(spec => `\t\t'${spec.name}')\n\t\t\t${argumentsCall(spec)} ;;`).join('\n')}
	esac
}
if (( $+functions[compdef] )); then
	compdef _md_vector md-vector
fi
`;
}
