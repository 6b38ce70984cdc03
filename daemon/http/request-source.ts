import {isIP} from 'node:net';
import type {Request} from 'express';
import type {RequestSource} from '../../common/access/effective.js';

/**
 * A loopback address (IPv4 127/8, ::1, or IPv4-mapped 127/8). An address, not a name: `127.0.0.1.evil.example`
 * (a name its owner can point at 127.0.0.1: DNS rebinding) starts like one.
 */
export const isLoopbackAddress = (address: string | undefined) => address !== undefined && isIP(address) !== 0
	&& (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

/**
 * Whose budget an address spends (failed authentications, registrations, the rate limit, connections): every
 * loopback address is one group (127.0.0.1 and 127.0.9.2 are the same machine: a budget per address would give
 * a local attacker 16 million), an IPv4-mapped address is its IPv4 address, and an IPv6 address is its /64 (one
 * host usually holds a whole /64 and may pick any address in it). Any other IPv4 address is its own.
 */
export function addressGroup(address: string | undefined): string {
	if (address === undefined || isIP(address) === 0) {
		return 'unknown';
	}

	if (isLoopbackAddress(address)) {
		return 'loopback';
	}

	const bare = address.replace(/^:{2}f{4}:(?=(?:\d+\.){3}\d+$)/i, '');
	if (isIP(bare) === 4) {
		return bare;
	}

	return `${expandedIpv6(bare).slice(0, 4).join(':')}::/64`;
}

/** An IPv6 address's eight groups (a `::` filled in, an embedded IPv4 tail in two groups). */
function expandedIpv6(address: string): string[] {
	const withoutZone = address.split('%')[0]!.toLowerCase();
	const [head = '', tail] = withoutZone.split('::');
	const groups = (part: string) => part.split(':').filter(Boolean).flatMap(group => {
		const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(group);
		return ipv4 ? [((Number(ipv4[1]) << 8) + Number(ipv4[2])).toString(16), ((Number(ipv4[3]) << 8) + Number(ipv4[4])).toString(16)] : [group.replace(/^0+(?=.)/, '')];
	});
	const left = groups(head);
	const right = tail === undefined ? [] : groups(tail);
	return [...left, ...Array.from({length: 8 - left.length - right.length}, () => '0'), ...right];
}

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
export function requestSourceOf(request: Request, client: string): RequestSource {
	const peer = request.socket.remoteAddress;
	const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
	if (isLoopbackAddress(peer) && (origin === undefined || isLoopbackOrigin(origin))) {
		return {client, local: true};
	}

	const host = peer?.replace(/^::ffff:/, '');
	return {client, local: false, origin: origin ?? (host ? `http://${isIP(host) === 6 ? `[${host}]` : host}` : undefined)};
}
