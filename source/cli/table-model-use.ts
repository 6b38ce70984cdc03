// `md-vector model use`: switching models in place (issue 35). The other `model` subcommands (list, install,
// verify) are described beside it by the models catalogue's branch; this one is kept apart for an easy merge.
import {collectionWords} from './options.js';
import type {CommandSpec} from './spec.js';

export const modelUseCommand: CommandSpec = {
	name: 'model use',
	summary: 'switch a collection (or all of them, and the default model) to another model, in place',
	details: 'The new vectors are made in the background beside the old ones; searches answer from the old model until every chunk has '
		+ 'its new vector, then from the new one at once (never from a mix). Without -C every collection switches, and the model becomes '
		+ 'the default for new collections (recorded in the config file\'s model setting). A switch survives a stop or a kill: the daemon '
		+ 'resumes it where it was. `status` and `stats` show the progress. Naming the model a collection already uses cancels a switch under '
		+ 'way (its old vectors keep serving). A model that cannot be loaded is refused before anything changes.',
	args: [{name: 'MODEL', description: 'a model folder, a hub id (Xenova/bge-small-en-v1.5) or a model\'s name (all-MiniLM-L6-v2)', completes: 'directory'}],
	options: [
		{name: 'collection', short: 'C', value: 'name', description: 'switch this collection only (default: every collection, and the default model for new ones)'},
		{name: 'wait', description: 'follow the switches until they complete, with progress (Ctrl-C then cancels them: the old model keeps serving)'},
	],
	json: true,
	examples: ['md-vector model use ~/models/bge-small-en-v1.5 -C notes', 'md-vector model use all-MiniLM-L6-v2 --wait', 'md-vector model use bge-small-en-v1.5 -C notes   # the model notes uses: cancels its switch'],
	words: {...collectionWords, model: 'ARG0'},
	load: async () => import('../commands/model/use.js'),
};
