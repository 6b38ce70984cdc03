import type {MarkdownFile} from './read-markdown.js';

/** Memory a sync keeps for texts read while planning, counted as two bytes a character (a string's widest). */
export const defaultTextBudgetBytes = 32 * 1024 * 1024;

/**
 * The texts a sync's snapshot read, by absolute path, kept for the writes that follow so that each file is read
 * once (and the document written is the text the plan was made from). Within a budget: a file read past it is
 * read again when it is written. A text is given up once it is taken for its write.
 */
export class ReadTexts {
	private readonly texts = new Map<string, MarkdownFile>();
	private bytes = 0;

	constructor(private readonly budgetBytes = defaultTextBudgetBytes) {
		// Fields only.
	}

	keep(absolutePath: string, file: MarkdownFile): void {
		const size = file.text.length * 2;
		if (this.bytes + size <= this.budgetBytes && !this.texts.has(absolutePath)) {
			this.texts.set(absolutePath, file);
			this.bytes += size;
		}
	}

	/** Gives up the texts of every file but these (those the plan will write or compare). */
	keepOnly(absolutePaths: ReadonlySet<string>): void {
		for (const [absolutePath, file] of this.texts) {
			if (!absolutePaths.has(absolutePath)) {
				this.texts.delete(absolutePath);
				this.bytes -= file.text.length * 2;
			}
		}
	}

	/** The text kept for this file, still kept (undefined when none was). */
	peek(absolutePath: string): MarkdownFile | undefined {
		return this.texts.get(absolutePath);
	}

	/** The text kept for this file, given up (undefined when none was). */
	take(absolutePath: string): MarkdownFile | undefined {
		const file = this.texts.get(absolutePath);
		if (file) {
			this.texts.delete(absolutePath);
			this.bytes -= file.text.length * 2;
		}

		return file;
	}
}
