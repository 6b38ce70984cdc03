import {connect} from '../../client/connect.js';
import type {Io} from '../../cli/io.js';
import type {Invocation} from '../../cli/spec.js';
import {plural} from '../../ui/format.js';

export async function run(invocation: Invocation, io: Io): Promise<unknown> {
	const listing = await (await connect({onNotice: io.note})).sources(invocation.args[0]!);
	if (invocation.json) {
		return listing;
	}

	if (listing.sources.length === 0) {
		io.note(`'${listing.collection}' has no folder sources. Add one with: md-vector ingest-dir DIR -C ${listing.collection}`);
		return undefined;
	}

	for (const source of listing.sources) {
		const settings = [
			...source.include.map(glob => `--include ${glob}`), ...source.exclude.map(glob => `--exclude ${glob}`),
			...(source.ignore_files ? [] : ['--no-ignore']), ...(source.hidden ? ['--hidden'] : []), ...(source.watch ? ['watched'] : []),
		];
		io.out(`${io.style.bold(source.path)}  label ${source.label}, ${plural(source.documents, 'document')}, last sync ${source.last_sync_at ?? 'never'}${settings.length > 0 ? io.style.dim(`  ${settings.join(' ')}`) : ''}\n`);
	}

	return undefined;
}
