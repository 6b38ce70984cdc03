// Who asks, as every use case sees it: the owner, who may do anything, or a client with the grants its
// capabilities give it for this request. Built once per request at the HTTP edge (http/actor-of.ts); the
// refusals here are those the front doors have always given (403 forbidden, naming the client, the permission
// and the collection).
import {allowsCollection, type Grant} from '../../common/access/effective.js';
import type {ReadPolicy} from '../../common/access/fs-scopes.js';
import {forbidden} from './errors.js';
import type {CollectionPermission} from './operations.js';

/** The folders file_path and directory reads may touch: allowed roots, or a client's fs scopes. */
export type Readable = readonly string[] | ReadPolicy;

export type ClientIdentity = {
	readonly label: string;
	readonly grants: readonly Grant[];
	/** Where the request came from, for the refusal of a client no capability applies to ('over loopback', 'from <origin>'). */
	readonly from: string;
};

export class Actor {
	static owner(readable: Readable): Actor {
		return new Actor(undefined, readable);
	}

	static client(identity: ClientIdentity, readable: Readable): Actor {
		return new Actor(identity, readable);
	}

	private constructor(private readonly identity: ClientIdentity | undefined, readonly readable: Readable) {
		// Fields only.
	}

	/** The client's label; undefined for the owner. */
	get client(): string | undefined {
		return this.identity?.label;
	}

	/** Whether the actor may use `permission` on `collection` (without one: whether it holds the permission at all). */
	may(permission: CollectionPermission, collection?: string): boolean {
		return this.identity === undefined || allowsCollection(this.identity.grants, permission, collection);
	}

	/** The collections it may use with `permission` (all for the owner), as a filter of names. */
	allowed(permission: CollectionPermission): (name: string) => boolean {
		return name => this.may(permission, name);
	}

	/** 403 for a client that no capability applies to (for this request's origin). */
	requireServed(): void {
		if (this.identity?.grants.length === 0) {
			throw forbidden(`client '${this.identity.label}' matches no capability for requests ${this.identity.from}`);
		}
	}

	/** 403 for a client: `what` (switching models, say) is the owner's alone, as managing clients is. */
	requireOwner(what: string): void {
		if (this.identity) {
			throw forbidden(`client '${this.identity.label}' may not ${what}: only the owner may (md-vector's own commands, or the API key holder)`);
		}
	}

	/** 403 unless it may use `permission` on `collection` (or at all, without one); `what` names the action (an MCP tool). */
	require(permission: CollectionPermission, collection?: string, what = ''): void {
		this.requireServed();
		if (this.identity && !allowsCollection(this.identity.grants, permission, collection)) {
			const on = collection === undefined ? '' : ` on collection '${collection}'`;
			throw forbidden(`client '${this.identity.label}' lacks '${permission}'${on}${what}`);
		}
	}
}
