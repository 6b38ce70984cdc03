// Random secrets and their hashes. Only hashes are ever stored; each kind has a prefix so that an access token is
// told from an API key at a glance (and never mistaken for one), and so that a leaked one is easy to search for.
import {createHash, randomBytes, timingSafeEqual} from 'node:crypto';

export const tokenPrefixes = {access: 'mdvo_at_', refresh: 'mdvo_rt_', code: 'mdvo_ac_'} as const;

export type TokenKind = keyof typeof tokenPrefixes;

export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const newToken = (kind: TokenKind) => `${tokenPrefixes[kind]}${newSecret()}`;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether a presented credential has the shape of one of md-vector's OAuth access tokens. */
export const isAccessToken = (credential: string) => credential.startsWith(tokenPrefixes.access);

/** Constant-time equality of two strings (hashed first, so their lengths match). */
export const sameSecret = (a: string, b: string) => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
