/** The k largest values pushed so far (a min-heap); `floor` is the smallest of them, -Infinity until there are k. */
export class MinHeap {
	private readonly values: Float64Array;
	private size = 0;

	constructor(private readonly k: number) {
		this.values = new Float64Array(k);
	}

	get floor(): number {
		return this.size < this.k ? Number.NEGATIVE_INFINITY : this.values[0]!;
	}

	/** Adds a value above the floor (replacing the smallest once full). */
	push(value: number): void {
		const {values} = this;
		if (this.size < this.k) {
			let at = this.size++;
			values[at] = value;
			while (at > 0) {
				const parent = (at - 1) >> 1;
				if (values[parent]! <= value) {
					break;
				}

				values[at] = values[parent]!;
				at = parent;
			}

			values[at] = value;
			return;
		}

		let at = 0;
		for (;;) {
			const left = (2 * at) + 1;
			if (left >= this.k) {
				break;
			}

			const child = left + 1 < this.k && values[left + 1]! < values[left]! ? left + 1 : left;
			if (values[child]! >= value) {
				break;
			}

			values[at] = values[child]!;
			at = child;
		}

		values[at] = value;
	}
}
