import type {Job} from '../../client/api-types.js';

export type IngestField = 'directory' | 'collection';

/** The ingest dialog: a directory and the collection it goes into (a new name creates one), then the job. */
export type IngestForm = {
	readonly kind: 'ingest';
	readonly directory: string;
	readonly collection: string;
	readonly field: IngestField;
	/** Entries Tab found when it could not complete to one. */
	readonly choices: readonly string[];
	/** Why Enter was refused (which field, which rule). */
	readonly error: string | undefined;
	/** The job once Enter started it: 'starting' until the daemon answers, then its latest progress. */
	readonly job: Job | 'starting' | undefined;
};

const collectionPattern = /^[\w.-]{1,128}$/;

export function openIngest(collection: string): IngestForm {
	return {kind: 'ingest', directory: '', collection, field: 'directory', choices: [], error: undefined, job: undefined};
}

/** The form with `edit` applied to the field being typed in; choices and errors belong to the old text. */
export function editField(form: IngestForm, edit: (text: string) => string): IngestForm {
	return {...form, [form.field]: edit(form[form.field]), choices: [], error: undefined};
}

/** What is wrong with the form, in words (field and rule), or undefined when it can start. */
export function formProblem(form: IngestForm): string | undefined {
	if (!form.directory.trim()) {
		return 'directory: type the folder to ingest (Tab completes)';
	}

	if (!collectionPattern.test(form.collection)) {
		return 'collection: must be 1-128 characters of A-Z, a-z, 0-9, \'.\', \'_\' or \'-\'';
	}

	return undefined;
}
