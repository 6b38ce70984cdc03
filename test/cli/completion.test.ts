// Completion scripts, generated from the command table, loaded in the real shells: bash always; zsh and fish
// where they are installed (apt-get install zsh fish).
import {execFileSync} from 'node:child_process';
import test from 'ava';
import {execa} from 'execa';
import {cli} from '../helpers/cli.js';

const installed = (shell: string) => {
	try {
		execFileSync('sh', ['-c', `command -v ${shell}`]);
		return true;
	} catch {
		return false;
	}
};

async function script(shell: string): Promise<string> {
	const result = await cli().run(['completion', shell]);
	if (result.exitCode !== 0) {
		throw new Error(String(result.stderr));
	}

	return String(result.stdout);
}

test('bash: commands, subcommands, options, their choices and folders complete', async t => {
	const source = await script('bash');
	const complete = async (line: string[]) => {
		const program = `${source}\nCOMP_WORDS=(${line.map(word => `'${word}'`).join(' ')}); COMP_CWORD=${line.length - 1}; _md_vector; printf '%s\\n' "\${COMPREPLY[@]}"`;
		const {stdout} = await execa('bash', ['-c', program]);
		return String(stdout).split('\n').filter(Boolean).sort();
	};

	t.deepEqual(await complete(['md-vector', 'se']), ['search', 'serve']);
	t.deepEqual(await complete(['md-vector', 'con']), ['config']);
	t.deepEqual(await complete(['md-vector', 'config', 's']), ['set']);
	t.deepEqual(await complete(['md-vector', 'config', 'set', 'rate']), ['rate-limit']);
	t.deepEqual(await complete(['md-vector', 'search', 'x', '--mo']), ['--mode']);
	t.deepEqual(await complete(['md-vector', 'search', 'x', '--mode', '']), ['hybrid', 'keyword', 'semantic']);
	t.deepEqual(await complete(['md-vector', 'export', '-f', 'j']), ['json', 'jsonl']);
	t.deepEqual(await complete(['md-vector', 'completion', '']), ['bash', 'fish', 'zsh']);
	t.deepEqual(await complete(['md-vector', 'stop', '--']), ['--help', '--now', '--url']);
	t.deepEqual(await complete(['md-vector', 'ingest-dir', '/pro']), ['/proc'], 'folders for a folder argument');
	t.deepEqual(await complete(['md-vector', 'search', 'x', '-k', '']), [], 'a number: nothing to suggest');
	const {stdout} = await execa('bash', ['-c', `${source}\ncomplete -p md-vector`]);
	t.is(String(stdout), 'complete -F _md_vector md-vector');
});

// Skipped, not passed, where the shell is missing.
(installed('zsh') ? test : test.skip)('zsh: the script loads and registers its function', async t => {
	const source = await script('zsh');
	await execa('zsh', ['-n', '-c', source]);
	const {stdout} = await execa('zsh', ['-c', `autoload -U compinit && compinit -u -D\n${source}\nprint -r -- $_comps[md-vector]`]);
	t.is(String(stdout), '_md_vector');
});

(installed('fish') ? test : test.skip)('fish: completions of commands, subcommands and option values', async t => {
	const source = await script('fish');
	const complete = async (line: string) => {
		const {stdout} = await execa('fish', ['--no-config', '-c', `${source}\ncomplete -C '${line}'`]);
		return String(stdout).split('\n').filter(Boolean).map(entry => entry.split('\t')[0]!).sort();
	};

	t.deepEqual(await complete('md-vector se'), ['search', 'serve']);
	t.deepEqual(await complete('md-vector config s'), ['set']);
	t.deepEqual(await complete('md-vector search x --mode '), ['hybrid', 'keyword', 'semantic']);
	t.deepEqual(await complete('md-vector config set '), ['allowed-roots', 'database-url', 'model', 'port', 'rate-limit', 'watch']);
	t.true((await complete('md-vector stop --')).includes('--now'));
});
