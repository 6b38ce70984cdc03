// POST /models/use (`md-vector model use`), as a type.

/** What became of one collection: a switch began (`job_id` follows it), it already used the model, or its switch was cancelled. */
export type ModelUseEntry = {
	readonly collection: string;
	/** Its model before (null: no vectors yet). */
	readonly from: string | null;
	readonly action: 'switching' | 'uses' | 'cancelled';
	readonly chunks: number;
	/** The model of a switch under way that this one replaced or cancelled; else null. */
	readonly replaced: string | null;
	readonly job_id: string | null;
};

export type ModelUseAnswer = {
	/** The model's reference (its name, as collections record it) and its dimensions. */
	readonly model: string;
	readonly dimensions: number;
	/**
	 * Without a collection: the default model for new collections before, the `model` setting written (a folder
	 * or a hub id) and its file, and the daemon's environment variable that still chooses another at its next start.
	 */
	readonly default?: {readonly previous: string | null; readonly setting: string | null; readonly file: string | null; readonly overridden_by: string | null};
	readonly collections: readonly ModelUseEntry[];
};
