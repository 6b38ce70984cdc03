/** A small least-recently-used map: a repeated query (typing, paging, several clients) costs no round trip. */
export class LruCache<K, V> {
	private readonly entries = new Map<K, V>();

	constructor(private readonly capacity: number) {
		// Fields only.
	}

	get(key: K): V | undefined {
		const value = this.entries.get(key);
		if (value !== undefined) {
			this.entries.delete(key); // Map keeps insertion order: re-inserting makes it the newest
			this.entries.set(key, value);
		}

		return value;
	}

	set(key: K, value: V): void {
		this.entries.delete(key);
		this.entries.set(key, value);
		if (this.entries.size > this.capacity) {
			this.entries.delete(this.entries.keys().next().value!);
		}
	}

	get size(): number {
		return this.entries.size;
	}
}
