// What OAuth sign-in leaves behind, in the data folder (oauth.sqlite, readable by the owner only): the applications
// that registered (RFC 7591), the grants the owner approved, and the tokens issued, as SHA-256 hashes only. One
// row per registration, grant and token, each change one transaction (WAL, synchronous=FULL): written before it
// is acknowledged, and costing the same with 10 registrations or 10,000 (oauth.json, before, was rewritten whole
// on every change: with 350 registrations of 88 KB each, 293 ms and a 31 MB write per registration).
import {closeSync, chmodSync, existsSync, mkdirSync, openSync, renameSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type {z} from 'zod';
import {readLegacyOAuthJson, type oauthGrant, type registeredClient, type tokenRecord} from './legacy-oauth-json.js';

export type RegisteredClient = z.infer<typeof registeredClient>;
export type OAuthGrant = z.infer<typeof oauthGrant>;
export type TokenRecord = z.infer<typeof tokenRecord>;

/** Registrations never approved are kept this long (an application that asks again registers again)... */
export const unapprovedKeepS = 3600;
/** ...and at most this many (the oldest go first): anyone may register. */
export const mostUnapproved = 100;
/** How often a grant's last use is written (each use of a token would otherwise be a write). */
const touchEveryS = 60;

export const oauthFile = (dataDir: string) => path.join(dataDir, 'oauth.sqlite');
const legacyFile = (file: string) => path.join(path.dirname(file), 'oauth.json');

type ClientRow = {client_id: string; client_name: string | null; redirect_uris: string; registered_at: number};
type GrantRow = {label: string; client_id: string; client_name: string; permissions: string; collections: string | null; granted_at: number; last_used_at: number | null};
type TokenRow = {hash: string; kind: 'access' | 'refresh'; label: string; client_id: string; scopes: string; resource: string | null; expires_at: number; rotated_at: number | null};

const schema = `
CREATE TABLE IF NOT EXISTS clients (client_id TEXT PRIMARY KEY, client_name TEXT, redirect_uris TEXT NOT NULL, registered_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS clients_by_age ON clients (registered_at);
CREATE TABLE IF NOT EXISTS grants (label TEXT PRIMARY KEY, client_id TEXT NOT NULL UNIQUE, client_name TEXT NOT NULL, permissions TEXT NOT NULL,
	collections TEXT, granted_at INTEGER NOT NULL, last_used_at INTEGER);
CREATE TABLE IF NOT EXISTS tokens (hash TEXT NOT NULL, kind TEXT NOT NULL, label TEXT NOT NULL, client_id TEXT NOT NULL, scopes TEXT NOT NULL,
	resource TEXT, expires_at INTEGER NOT NULL, rotated_at INTEGER, PRIMARY KEY (hash, kind));
CREATE INDEX IF NOT EXISTS tokens_by_label ON tokens (label);
CREATE INDEX IF NOT EXISTS tokens_by_expiry ON tokens (expires_at);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

const toClient = (row: ClientRow): RegisteredClient => ({
	client_id: row.client_id, ...(row.client_name === null ? {} : {client_name: row.client_name}), redirect_uris: JSON.parse(row.redirect_uris) as string[], registered_at: row.registered_at,
});
const toGrant = (row: GrantRow): OAuthGrant => ({
	label: row.label, client_id: row.client_id, client_name: row.client_name, permissions: JSON.parse(row.permissions) as string[],
	collections: row.collections === null ? null : JSON.parse(row.collections) as string[], granted_at: row.granted_at, ...(row.last_used_at === null ? {} : {last_used_at: row.last_used_at}),
});
const toToken = (row: TokenRow): TokenRecord => ({
	hash: row.hash, kind: row.kind, label: row.label, client_id: row.client_id, scopes: JSON.parse(row.scopes) as string[], expires_at: row.expires_at,
	...(row.resource === null ? {} : {resource: row.resource}), ...(row.rotated_at === null ? {} : {rotated_at: row.rotated_at}),
});

export class OAuthStore {
	private readonly db: Database.Database;
	private readonly touched = new Map<string, number>();

	constructor(private readonly file: string, private readonly nowS: () => number, private readonly mostWaiting = mostUnapproved) {
		mkdirSync(path.dirname(file), {recursive: true});
		if (!existsSync(file)) {
			closeSync(openSync(file, 'a', 0o600)); // SQLite gives its -wal and -shm files the database's mode
		}

		chmodSync(file, 0o600);
		this.db = new Database(file);
		this.db.pragma('journal_mode = WAL');
		this.db.pragma('synchronous = FULL');
		this.db.exec(schema);
		this.importLegacy();
	}

	client(clientId: string): RegisteredClient | undefined {
		const row = this.db.prepare('SELECT * FROM clients WHERE client_id = ?').get(clientId) as ClientRow | undefined;
		return row && toClient(row);
	}

	addClient(client: RegisteredClient): void {
		this.change(() => {
			this.insertClient(client);
		});
	}

	grants(): readonly OAuthGrant[] {
		return (this.db.prepare('SELECT * FROM grants ORDER BY rowid').all() as GrantRow[]).map(row => toGrant(row));
	}

	grantOf(clientId: string): OAuthGrant | undefined {
		const row = this.db.prepare('SELECT * FROM grants WHERE client_id = ?').get(clientId) as GrantRow | undefined;
		return row && toGrant(row);
	}

	grantNamed(label: string): OAuthGrant | undefined {
		const row = this.db.prepare('SELECT * FROM grants WHERE label = ?').get(label) as GrantRow | undefined;
		return row && toGrant(row);
	}

	/** Adds or replaces the client's grant; a replaced grant's tokens stay valid only if issued under the new one. */
	saveGrant(next: OAuthGrant): void {
		this.change(() => {
			this.db.prepare('DELETE FROM grants WHERE client_id = ? OR label = ?').run(next.client_id, next.label);
			this.insertGrant(next);
		});
	}

	/** Removes a grant and every token issued under it; the registration stays, so the application can ask again. */
	revoke(label: string): boolean {
		const found = this.grantNamed(label);
		if (found) {
			this.change(() => {
				this.db.prepare('DELETE FROM grants WHERE label = ?').run(label);
				this.db.prepare('DELETE FROM tokens WHERE label = ?').run(label);
			});
		}

		return found !== undefined;
	}

	/** A live token (not expired, and for a refresh token not yet exchanged). */
	token(hash: string, kind: TokenRecord['kind']): TokenRecord | undefined {
		const row = this.db.prepare('SELECT * FROM tokens WHERE hash = ? AND kind = ? AND expires_at > ? AND rotated_at IS NULL').get(hash, kind, this.nowS()) as TokenRow | undefined;
		return row && toToken(row);
	}

	/** A refresh token that was exchanged already (and would still be valid otherwise): presented again, it was copied. */
	rotatedRefresh(hash: string): TokenRecord | undefined {
		const row = this.db.prepare('SELECT * FROM tokens WHERE hash = ? AND kind = \'refresh\' AND expires_at > ? AND rotated_at IS NOT NULL').get(hash, this.nowS()) as TokenRow | undefined;
		return row && toToken(row);
	}

	/** Removes tokens (revoked) and adds new ones, in one write. */
	replaceTokens(removedHashes: readonly string[], added: readonly TokenRecord[]): void {
		this.change(() => {
			const remove = this.db.prepare('DELETE FROM tokens WHERE hash = ?');
			for (const hash of removedHashes) {
				remove.run(hash);
			}

			this.insertTokens(added);
		});
	}

	/** A refresh token exchanged for `added` (rotation): it stops working and is remembered as used, in one write. */
	rotate(refreshHash: string, added: readonly TokenRecord[]): void {
		this.change(() => {
			this.db.prepare('UPDATE tokens SET rotated_at = ? WHERE hash = ? AND kind = \'refresh\'').run(this.nowS(), refreshHash);
			this.insertTokens(added);
		});
	}

	/** Forgets every token of a label (a refresh token used twice: its family is treated as stolen). */
	dropTokensOf(label: string): void {
		this.change(() => {
			this.db.prepare('DELETE FROM tokens WHERE label = ?').run(label);
		});
	}

	/** Notes when a grant was last used (written at most once a minute per grant). */
	touch(label: string): void {
		const now = this.nowS();
		if ((this.touched.get(label) ?? Number.NEGATIVE_INFINITY) > now - touchEveryS) {
			return;
		}

		this.touched.set(label, now);
		this.db.prepare('UPDATE grants SET last_used_at = ? WHERE label = ?').run(now, label);
	}

	/** How many registrations wait for the owner's approval. */
	unapprovedCount(): number {
		return (this.db.prepare('SELECT count(*) AS count FROM clients c WHERE NOT EXISTS (SELECT 1 FROM grants g WHERE g.client_id = c.client_id)').get() as {count: number}).count;
	}

	close(): void {
		this.db.close();
	}

	/** One transaction: the change, then what has expired goes (tokens, unapproved registrations past their time or their number). */
	private change(apply: () => void): void {
		this.db.transaction(() => {
			apply();
			const now = this.nowS();
			this.db.prepare('DELETE FROM tokens WHERE expires_at <= ?').run(now);
			const unapproved = 'NOT EXISTS (SELECT 1 FROM grants g WHERE g.client_id = clients.client_id)';
			this.db.prepare(`DELETE FROM clients WHERE registered_at <= ? AND ${unapproved}`).run(now - unapprovedKeepS);
			this.db.prepare(`DELETE FROM clients WHERE rowid IN (SELECT rowid FROM clients WHERE ${unapproved} ORDER BY registered_at DESC, rowid DESC LIMIT -1 OFFSET ?)`).run(this.mostWaiting);
		})();
	}

	private insertClient(client: RegisteredClient): void {
		this.db.prepare('INSERT OR REPLACE INTO clients (client_id, client_name, redirect_uris, registered_at) VALUES (?, ?, ?, ?)')
			.run(client.client_id, client.client_name ?? null, JSON.stringify(client.redirect_uris), client.registered_at);
	}

	private insertGrant(grant: OAuthGrant): void {
		this.db.prepare('INSERT INTO grants (label, client_id, client_name, permissions, collections, granted_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
			.run(grant.label, grant.client_id, grant.client_name, JSON.stringify(grant.permissions), grant.collections === null ? null : JSON.stringify(grant.collections), grant.granted_at, grant.last_used_at ?? null);
	}

	private insertTokens(tokens: readonly TokenRecord[]): void {
		const insert = this.db.prepare('INSERT OR REPLACE INTO tokens (hash, kind, label, client_id, scopes, resource, expires_at, rotated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
		for (const token of tokens) {
			insert.run(token.hash, token.kind, token.label, token.client_id, JSON.stringify(token.scopes), token.resource ?? null, token.expires_at, token.rotated_at ?? null);
		}
	}

	/**
	 * oauth.json of an earlier version beside a new oauth.sqlite: its state is copied in one transaction that also
	 * marks it done, then the file is renamed oauth.json.migrated (a crash between the two renames it at the next start).
	 */
	private importLegacy(): void {
		const legacy = legacyFile(this.file);
		if (!existsSync(legacy)) {
			return;
		}

		const done = this.db.prepare('SELECT value FROM meta WHERE key = \'imported oauth.json\'').get() !== undefined;
		if (!done) {
			const state = readLegacyOAuthJson(legacy);
			this.db.transaction(() => {
				for (const client of state.clients) {
					this.insertClient(client);
				}

				for (const grant of state.grants) {
					this.insertGrant(grant);
				}

				this.insertTokens(state.tokens);
				this.db.prepare('INSERT INTO meta (key, value) VALUES (\'imported oauth.json\', ?)').run(String(this.nowS()));
			})();
		}

		renameSync(legacy, `${legacy}.migrated`);
	}
}
