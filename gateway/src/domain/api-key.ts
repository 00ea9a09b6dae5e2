import { createHash, randomBytes } from 'node:crypto';

export type KeyKind = 'full' | 'restricted';
const PREFIX: Record<KeyKind, string> = { full: 'sk_', restricted: 'rk_' };
const KEY_FORMAT = /^(sk|rk)_[A-Za-z0-9_-]{32}$/;

export function generateApiKey(kind: KeyKind): { key: string; hash: string; displayPrefix: string } {
  const key = PREFIX[kind] + randomBytes(24).toString('base64url');
  return { key, hash: hashApiKey(key), displayPrefix: key.slice(0, 7) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Rejects obviously malformed keys before they cost a database lookup. */
export function looksLikeApiKey(value: string): boolean {
  return KEY_FORMAT.test(value);
}

/** The bearer token of an Authorization header, or undefined when the header is absent or not Bearer. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Every Authorization line of a request, from Node's raw header list: `req.headers` keeps only
 * the first of several, which would silently pick one of two credentials.
 */
export function authorizationLines(rawHeaders: readonly string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === 'authorization') lines.push(rawHeaders[i + 1]!);
  }
  return lines;
}
