// What a model source is given to fill a folder with (from-source.ts, from-pypi.ts), and the progress it reports.
import type {CatalogueModel} from '../../common/models/catalogue-types.js';
import type {DownloadLimits} from './download.js';

export type Progress = {readonly stage: string; readonly done: number; readonly total: number};

export type SourceContext = {
	readonly model: CatalogueModel;
	/** The folder being filled (its name is the model's). */
	readonly folder: string;
	/** Scratch space beside it (a jar), removed with the temporary folder. */
	readonly work: string;
	readonly limits: DownloadLimits;
	readonly signal: AbortSignal;
	readonly onProgress: (progress: Progress) => void;
	/** The hub's and Maven Central's base URLs (MD_VECTOR_HUB_URL, MD_VECTOR_MAVEN_URL: a mirror). */
	readonly hubUrl: string;
	readonly mavenUrl: string;
	/** Where the Python tools of tools/model-from-pypi.sh are kept between installs. */
	readonly toolsDir: string;
};
