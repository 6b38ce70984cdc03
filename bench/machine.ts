import os from 'node:os';

/** The machine a number was measured on, printed with every benchmark. */
export function machine(): string {
	const cpus = os.cpus();
	return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / (2 ** 30))} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

export function percentile(values: readonly number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
