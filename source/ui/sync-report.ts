import type {SyncReport} from '../../common/wire/sync.js';
import type {Style} from '../cli/style.js';
import {count} from './format.js';

type Lines = {
	readonly label: string;
	readonly paint: (text: string) => string;
	readonly names: readonly string[];
	/** How many there are, when `names` holds only the first of them (the walk keeps 20 examples a skip reason). */
	readonly total?: number;
};

/** A list with at most `limit` names, then how many more. */
function listed({label, paint, names, total = names.length}: Lines, style: Style, limit: number): string[] {
	const shown = names.slice(0, limit).map(name => `${paint(label.padEnd(10))} ${name}`);
	const more = total - shown.length;
	return more > 0 ? [...shown, style.dim(`  … and ${count(more)} more ${label}${total > names.length ? '' : ' (--json lists every one)'}`)] : shown;
}

/**
 * What a sync of folder sources did, per source: every deletion by name (never silent), the other changes,
 * failures with their reason, and what the walk skipped by reason.
 */
export function syncReportText(report: SyncReport, style: Style, limit = 20): string[] {
	const lines: string[] = [];
	for (const collection of report.collections) {
		for (const source of collection.sources) {
			lines.push(style.bold(`${collection.collection} ← ${source.path}${collection.sources.length > 1 ? ` (label ${source.label})` : ''}`));
			if (source.error) {
				lines.push(style.red(`  not synced: ${source.error}`));
				continue;
			}

			// Files the walk found but could not index: each said with what to do about it.
			const skippedAs = (reason: string, why: string) => ({names: (source.skipped_examples[reason] ?? []).map(file => `${file}: ${why}`), total: source.skipped[reason] ?? 0});
			for (const part of [
				{label: 'failed', paint: style.red, names: source.failed.map(entry => `${entry.file}: ${entry.error}`)},
				{label: 'conflict', paint: style.red, names: source.conflicts.map(entry => `${entry.file}: ${entry.reason}`)},
				{label: 'too large', paint: style.red, ...skippedAs('too_large', 'over 500 KB, not indexed; split it, or leave it out (--exclude GLOB, or a line in .mdvectorignore)')},
				{label: 'unreadable', paint: style.red, ...skippedAs('unreadable', 'could not be read; check its permissions (a link: that its target exists)')},
				{label: 'removed', paint: style.magenta, names: source.removed},
				{label: 'added', paint: style.green, names: source.added},
				{label: 'changed', paint: style.cyan, names: source.changed},
				// Absent from the reports of daemons before moves were told apart from renames.
				{label: 'moved', paint: style.cyan, names: (source.moved ?? []).map(entry => `${entry.from} → ${entry.to}${entry.edited ? ' (edited)' : ''}`)},
				{label: 'renamed', paint: style.yellow, names: source.renamed.map(entry => `${entry.from} → ${entry.to}${entry.adopted ? ' (adopted)' : ''}`)},
			]) {
				lines.push(...listed(part, style, limit).map(line => `  ${line}`));
			}

			const skipped = Object.entries(source.skipped).filter(([, number]) => number > 0).map(([reason, number]) => `${reason} ${count(number)}`);
			lines.push(style.dim(`  ${count(source.unchanged)} unchanged${skipped.length > 0 ? `; skipped: ${skipped.join(', ')}` : ''}`));
		}
	}

	return lines;
}
