import {isIP} from 'node:net';
import type {Request} from 'express';
import type {Party} from '../../common/capabilities/effective.js';

/**
 * A loopback address (IPv4 127/8, ::1, or IPv4-mapped 127/8). An address, not a name: `127.0.0.1.evil.example`
 * (a name its owner can point at 127.0.0.1: DNS rebinding) starts like one.
 */
export const isLoopbackAddress = (address: string | undefined) => address !== undefined && isIP(address) !== 0
	&& (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

/** Whether an Origin is a page served from this machine's loopback (localhost or a loopback address). */
export function isLoopbackOrigin(origin: string): boolean {
	try {
		const {hostname} = new URL(origin);
		return hostname === 'localhost' || isLoopbackAddress(hostname.replaceAll(/^\[|]$/g, ''));
	} catch {
		return false;
	}
}

/** Who is asking from where: local is loopback without a foreign web origin; others are matched by origin. */
export function partyOf(request: Request, client: string): Party {
	const peer = request.socket.remoteAddress;
	const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
	if (isLoopbackAddress(peer) && (origin === undefined || isLoopbackOrigin(origin))) {
		return {client, local: true};
	}

	const host = peer?.replace(/^::ffff:/, '');
	return {client, local: false, origin: origin ?? (host ? `http://${isIP(host) === 6 ? `[${host}]` : host}` : undefined)};
}
