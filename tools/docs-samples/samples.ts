// The samples the pages show, in the order they run: each is a few shell lines typed in a fresh home that
// holds seven of SIG CLI's KEPs in ~/keps. A later sample sees what an earlier one did (the index, a moved folder).

export type Sample = {
	readonly id: string;
	/** Shell lines, run one by one in bash with HOME set to the sample home, each shown as `$ line`. */
	readonly lines: readonly string[];
	/** Show what the lines print on stderr too (before their stdout), not only stdout. */
	readonly stderr?: boolean;
	/** The exit code the last line is shown with (every other line, and by default the last, must exit 0). */
	readonly exit?: number;
};

/** The KEPs (keps/sig-cli/NAME/README.md of the shared data) copied into ~/keps for the samples. */
export const corpus = [
	'1440-kubectl-events',
	'2229-kubectl-xdg-base-dir',
	'2379-kubectl-plugins',
	'2381-future-of-kubectl-cp',
	'3638-kubectl-plugin-subcommands',
	'491-kubectl-diff',
	'859-kubectl-headers',
] as const;

export const samples: readonly Sample[] = [
	{id: 'ingest-dir', lines: ['md-vector ingest-dir ~/keps -C keps']},
	{id: 'search-basic', lines: ['md-vector search "can a plugin replace a built-in command" -k 3 -C keps']},
	{id: 'search-files', lines: ['md-vector search "where does kubectl keep its config" -l -C keps']},
	{id: 'search-path-line', lines: ['md-vector search "kubectl diff" --format path:line -k 3 -C keps']},
	{id: 'get-range', lines: ['md-vector get 2379-kubectl-plugins/README.md:89:4 -n -C keps']},
	{id: 'get-section', lines: ['md-vector get 2229-kubectl-xdg-base-dir/README.md --section "Motivation > Goals" -C keps']},
	{id: 'collections', lines: ['md-vector collections']},
	{id: 'stats', lines: ['md-vector stats -C keps']},
	{id: 'mcp-config-http', lines: ['md-vector mcp-config --type http']},
	{id: 'mcp-config-stdio', lines: ['md-vector mcp-config']},
	{id: 'http-search', lines: [String.raw`curl -s $B/search -H 'content-type: application/json' -d '{"query":"kubectl plugins","top_k":1,"collection":"keps"}' | jq .`]},
	{
		id: 'update-moved',
		lines: [
			'mv ~/keps/491-kubectl-diff ~/keps/diff',
			String.raw`printf '\nKubectl headers are sent on every request.\n' >> ~/keps/859-kubectl-headers/README.md`,
			'md-vector update -C keps',
		],
	},
	{
		id: 'update-failed',
		lines: [String.raw`printf '# Caf\xe9\n' > ~/keps/latin-1.md`, 'md-vector update -C keps'],
		stderr: true,
		exit: 1,
	},
];
