/** 1536 -> "1.5 KB": sizes for people. */
export function formatBytes(bytes: number): string {
	const units = ['B', 'KB', 'MB', 'GB', 'TB'];
	let value = bytes;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}

	return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Seconds as "42 s", "3 min 5 s", "1 h 2 min". */
export function formatDuration(seconds: number): string {
	if (!Number.isFinite(seconds) || seconds < 0) {
		return '?';
	}

	const whole = Math.round(seconds);
	if (whole < 60) {
		return `${whole} s`;
	}

	if (whole < 3600) {
		return `${Math.floor(whole / 60)} min ${whole % 60} s`;
	}

	return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

/**
 * Every number md-vector prints for a person goes through here: 31355 -> "31,355". Not toLocaleString: its
 * first call loads ICU's number formatting, ~100 ms of a one-shot command (measured with --cpu-prof).
 */
export function count(value: number): string {
	return Number.isInteger(value) ? String(value).replaceAll(/\B(?=(?:\d{3})+$)/g, ',') : value.toLocaleString('en-US');
}

/** "1 chunk", "1,448 chunks": the count and the word, agreeing. */
export function plural(value: number, word: string, many = `${word}s`): string {
	return `${count(value)} ${value === 1 ? word : many}`;
}

/** done of total as a whole percentage, never 100% before the end. */
export function percent(done: number, total: number): string {
	return `${total === 0 ? 100 : Math.min(done === total ? 100 : 99, Math.floor((done / total) * 100))}%`;
}
