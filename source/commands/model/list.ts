// md-vector model list: the catalogue with what is installed. A running daemon answers it (and adds which model it
// uses and which collections each model's vectors are in); without one, the list is made here (no daemon is started).
import {resolvePaths} from '../../../common/paths.js';
import {listModels} from '../../../common/models/model-list.js';
import type {ModelEntry, ModelList} from '../../../common/wire/models.js';
import {connect} from '../../client/connect.js';
import {UnreachableError} from '../../client/client-errors.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const figure = (value: number | null) => (value === null ? '-' : value.toFixed(3));

async function fromDaemon(): Promise<ModelList | undefined> {
	try {
		return await (await connect({start: false})).call<ModelList>('GET', '/models');
	} catch (error) {
		if (error instanceof UnreachableError && !process.env.MD_VECTOR_URL) {
			return undefined;
		}

		throw error;
	}
}

function entryText(model: ModelEntry, io: Io): string {
	const state = model.installed ? io.style.green(`installed (${model.installed.source})`) : io.style.dim('not installed');
	const use = [
		...(model.in_use ? [io.style.bold('the daemon\'s model')] : []),
		...(model.collections && model.collections.length > 0 ? [`collections: ${model.collections.join(', ')}`] : []),
		...(model.switching && model.switching.length > 0 ? [`switching to it: ${model.switching.join(', ')}`] : []),
	];
	const sources = model.sources.map(source => `${source.label}${source.download_bytes === null ? '' : ` (${megabytes(source.download_bytes)})`}`);
	const {scifact_train: scifact, keps, scifact_held_out: heldOut} = model.quality;
	const sets = [['SciFact train', scifact], ['KEP questions', keps], ['SciFact held-out half (1,000 abstracts)', heldOut]] as const;
	const measured = sets.filter(([, figures]) => figures.semantic !== null || figures.hybrid !== null)
		.map(([name, figures]) => `${name} semantic ${figure(figures.semantic)}, hybrid ${figure(figures.hybrid)}`).join('; ') || 'not measured yet';
	return [
		`${io.style.bold(model.name)}  ${model.dims} dims, ${megabytes(model.bytes)}, ${model.family}  ${state}${use.length > 0 ? `  ${use.join('; ')}` : ''}`,
		`  ${model.summary}`,
		...(model.installed ? [`  folder: ${model.installed.folder}`] : []),
		`  from: ${sources.join(', ')}`,
		`  quality (nDCG@10): ${measured}`,
		'',
	].join('\n');
}

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const list = await fromDaemon() ?? listModels(resolvePaths().cache);
	if (invocation.json) {
		return list;
	}

	io.out(list.models.map(model => entryText(model, io)).join('\n'));
	if (list.other_collections === null) {
		io.note('no daemon is running: which collections use each model shows once one runs');
	} else if (list.other_collections.length > 0) {
		io.out(`\nother models: ${list.other_collections.map(entry => `${entry.collection} (${entry.model}${entry.switching_to ? `, switching to ${entry.switching_to}` : ''})`).join(', ')}\n`);
	}

	io.out(`\ninstall one: md-vector model install NAME; models are installed in ${list.folder}\n`);
	io.out('switch a collection to one in place: md-vector model use NAME -C COLLECTION (every collection and the default: without -C)\n');
	return undefined;
}
