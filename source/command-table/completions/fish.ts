import type {CommandSpec, OptionSpec} from '../../cli/spec.js';
import {completable, firstArgument, groups, membersOf, optionsFor, plain, topWords} from './shape.js';

/** The fish condition that a command (or a group's member) was typed. */
function condition(spec: CommandSpec): string {
	const [first, second] = spec.name.split(' ');
	return second ? `__fish_seen_subcommand_from ${first}; and __fish_seen_subcommand_from ${second}` : `__fish_seen_subcommand_from ${first}`;
}

function optionLine(spec: CommandSpec, option: OptionSpec): string {
	const names = `${option.short ? ` -s ${option.short}` : ''} -l ${option.name}`;
	const value = option.value ? (option.completes ? ' -r -F' : ` -x${option.choices ? ` -a '${option.choices.join(' ')}'` : ''}`) : '';
	return `complete -c md-vector -n '${condition(spec)}'${names}${value} -d '${plain(option.description)}'`;
}

function argumentLine(spec: CommandSpec): string[] {
	const argument = firstArgument(spec);
	if (argument?.choices) {
		return [`complete -c md-vector -n '${condition(spec)}' -x -a '${argument.choices.join(' ')}'`];
	}

	return argument?.completes ? [`complete -c md-vector -n '${condition(spec)}' -F`] : [];
}

/** `md-vector completion fish > ~/.config/fish/completions/md-vector.fish`. */
export function fishScript(): string {
	const topNames = topWords().map(entry => entry.word).join(' ');
	return [
		'# md-vector completion for fish: md-vector completion fish > ~/.config/fish/completions/md-vector.fish',
		'complete -c md-vector -f',
		'complete -c md-vector -l url -x -d \'use the daemon at this URL\'',
		`complete -c md-vector -n 'not __fish_seen_subcommand_from ${topNames}' -l version -d 'print the version'`,
		...topWords().map(entry => `complete -c md-vector -n 'not __fish_seen_subcommand_from ${topNames}' -a ${entry.word} -d '${plain(entry.summary)}'`),
		...groups.flatMap(group => {
			const members = membersOf(group).map(spec => spec.name.split(' ')[1]!);
			return membersOf(group).map(spec => `complete -c md-vector -n '__fish_seen_subcommand_from ${group}; and not __fish_seen_subcommand_from ${members.join(' ')}' -a ${spec.name.split(' ')[1]!} -d '${plain(spec.summary)}'`);
		}),
		...completable().flatMap(spec => [...optionsFor(spec).map(option => optionLine(spec, option)), ...argumentLine(spec)]),
		'',
	].join('\n');
}
