import type {CommandSpec} from '../../cli/spec.js';
import {completable, firstArgument, groups, membersOf, optionsFor, topWords} from './shape.js';

function valueCase(spec: CommandSpec): string[] {
	return optionsFor(spec).filter(option => option.value).map(option => {
		const names = [`${spec.name}/--${option.name}`, ...(option.short ? [`${spec.name}/-${option.short}`] : [])].map(name => `"${name}"`).join('|');
		const reply = option.choices ? `COMPREPLY=($(compgen -W "${option.choices.join(' ')}" -- "$cur"))` : (option.completes ? '_md_vector_files' : 'COMPREPLY=()');
		return `\t\t${names}) ${reply}; return ;;`;
	});
}

function commandCase(spec: CommandSpec): string {
	const options = optionsFor(spec).flatMap(option => [`--${option.name}`, ...(option.short ? [`-${option.short}`] : [])]).join(' ');
	const argument = firstArgument(spec);
	const positional = argument?.choices ? `args="${argument.choices.join(' ')}"` : (argument?.completes ? `args=@${argument.completes}` : 'args=');
	return `\t\t"${spec.name}") opts="${options} --url"; ${positional} ;;`;
}

/** `source <(md-vector completion bash)`: commands, options, their choices, files and folders where they go. */
export function bashScript(): string {
	const top = topWords().map(entry => entry.word).join(' ');
	return `# md-vector completion for bash: add to ~/.bashrc:  source <(md-vector completion bash)
_md_vector_files() {
	compopt -o filenames 2>/dev/null
	COMPREPLY=($(compgen -f -- "$cur"))
}

_md_vector() {
	local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
	local command=\${COMP_WORDS[1]} skip=2 opts args
	if [[ $COMP_CWORD -eq 1 ]]; then
		COMPREPLY=($(compgen -W "${top} --help --version --url" -- "$cur"))
		return
	fi
	case $command in
${groups.map(group => `\t\t${group})\n\t\t\tif [[ $COMP_CWORD -eq 2 ]]; then COMPREPLY=($(compgen -W "${membersOf(group).map(spec => spec.name.split(' ')[1]).join(' ')}" -- "$cur")); return; fi\n\t\t\tcommand="${group} \${COMP_WORDS[2]}"; skip=3 ;;`).join('\n')}
	esac
	case "$command/$prev" in
		*/--url) COMPREPLY=(); return ;;
${completable().flatMap(spec => valueCase(spec)).join('\n')}
	esac
	case $command in
${completable().map(spec => commandCase(spec)).join('\n')}
		*) return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	elif [[ $args == @directory ]]; then
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -d -- "$cur"))
	elif [[ $args == @file ]]; then
		_md_vector_files
	elif [[ -n $args && $COMP_CWORD -eq $skip ]]; then
		COMPREPLY=($(compgen -W "$args" -- "$cur"))
	fi
}
complete -F _md_vector md-vector
`;
}
