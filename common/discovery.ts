import {mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Where a running daemon says it is: written after it binds, removed when it stops. */
export type DiscoveryRecord = {
	readonly pid: number;
	readonly port: number;
	readonly host: string;
	readonly version: string;
	readonly started_at: string;
	/** Proves a client is the local user (the file is theirs alone): such clients are not rate limited. */
	readonly token: string;
};

export const discoveryFile = (stateDir: string) => path.join(stateDir, 'daemon.json');

export function writeDiscovery(stateDir: string, record: DiscoveryRecord): void {
	mkdirSync(stateDir, {recursive: true});
	const temporary = `${discoveryFile(stateDir)}.${process.pid}.tmp`;
	writeFileSync(temporary, JSON.stringify(record), {mode: 0o600});
	renameSync(temporary, discoveryFile(stateDir));
}

export function readDiscovery(stateDir: string): DiscoveryRecord | undefined {
	try {
		return JSON.parse(readFileSync(discoveryFile(stateDir), 'utf8')) as DiscoveryRecord;
	} catch {
		return undefined;
	}
}

/** Removes the record only if it is still this process's (a newer daemon may have replaced it). */
export function removeDiscovery(stateDir: string, pid: number): void {
	if (readDiscovery(stateDir)?.pid === pid) {
		rmSync(discoveryFile(stateDir), {force: true});
	}
}
