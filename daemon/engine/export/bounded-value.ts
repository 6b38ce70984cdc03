import type {Token} from 'stream-json/core/parser.js';

export type ValueLimits = {
	/** Arrays and objects inside one another. */
	readonly depth: number;
	/**
	 * What the value may cost: characters of its strings, keys and numbers, plus `valueCost` per value. Bounds
	 * the memory of what is built whatever its shape (a long string, or millions of tiny values).
	 */
	readonly weight: number;
};

/** What one value (a number, `true`, an empty array...) is charged beyond its text: about its memory. */
export const valueCost = 16;

/** A value refused while it was being built: nested too deep (an invalid shape), or too large. */
export class ValueLimitError extends Error {
	constructor(readonly kind: 'depth' | 'weight', message: string) {
		super(message);
		this.name = 'ValueLimitError';
	}
}

type Open = {readonly container: unknown[] | Record<string, unknown>; key?: string};

/**
 * Builds one JSON value from stream-json's tokens (keys, strings and numbers streamed in pieces), refusing it
 * as soon as it is nested deeper or costs more than its limits: memory stays within them whatever arrives.
 * Objects have no prototype, so a `__proto__` key is only a key.
 */
export class BoundedValue {
	/** What the value has cost so far (see ValueLimits.weight). */
	weight = 0;
	private readonly open: Open[] = [];
	private text: string[] = [];
	private result: unknown;

	constructor(private readonly limits: ValueLimits, private readonly what: string) {
		// Fields only.
	}

	/** The finished value (after push answered true). */
	get value(): unknown {
		return this.result;
	}

	/** Takes the next token; answers true when it completed the value. */
	push(token: Token): boolean {
		switch (token.name) {
			case 'startObject': {
				return this.enter(Object.create(null) as Record<string, unknown>);
			}

			case 'startArray': {
				return this.enter([]);
			}

			case 'endObject':
			case 'endArray': {
				return this.place(this.open.pop()!.container);
			}

			case 'startKey':
			case 'startString':
			case 'startNumber': {
				this.text = [];
				return false;
			}

			case 'stringChunk':
			case 'numberChunk': {
				this.charge(token.value.length);
				this.text.push(token.value);
				return false;
			}

			case 'endKey': {
				this.open.at(-1)!.key = this.joined();
				return false;
			}

			case 'endString': {
				return this.add(this.joined());
			}

			case 'endNumber': {
				return this.add(Number(this.joined()));
			}

			case 'nullValue':
			case 'trueValue':
			case 'falseValue': {
				return this.add(token.value);
			}

			case 'keyValue':
			case 'stringValue':
			case 'numberValue':
			case 'whitespace': {
				return false; // packed tokens (not asked for) and whitespace carry nothing more
			}
		}
	}

	private enter(container: Open['container']): boolean {
		this.charge(valueCost);
		if (this.open.length >= this.limits.depth) {
			throw new ValueLimitError('depth', `${this.what} is nested deeper than ${this.limits.depth} levels`);
		}

		this.open.push({container});
		return false;
	}

	private add(value: unknown): boolean {
		this.charge(valueCost);
		return this.place(value);
	}

	private place(value: unknown): boolean {
		const parent = this.open.at(-1);
		if (!parent) {
			this.result = value;
			return true;
		}

		if (Array.isArray(parent.container)) {
			parent.container.push(value);
		} else {
			parent.container[parent.key!] = value;
		}

		return false;
	}

	private joined(): string {
		const text = this.text.length === 1 ? this.text[0]! : this.text.join('');
		this.text = [];
		return text;
	}

	private charge(cost: number): void {
		this.weight += cost;
		if (this.weight > this.limits.weight) {
			throw new ValueLimitError('weight', `${this.what} is larger than ${formatSize(this.limits.weight)}`);
		}
	}
}

/** A size for a person: 16 MB, 64 KB. */
export function formatSize(bytes: number): string {
	return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
