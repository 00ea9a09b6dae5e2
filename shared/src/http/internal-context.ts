import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { Caller, type CallerWrites, NO_WRITES } from '../caller';

/** Everything but the request id and the caller's writes: the same for every call of one key in one workspace. */
const CallerIdentity = Caller.omit({ requestId: true, writes: true });
type CallerIdentity = z.infer<typeof CallerIdentity>;

export const CONTEXT_HEADER = 'x-internal-context';
export const SIGNATURE_HEADER = 'x-internal-signature';
/**
 * How long a signature is honoured, either side of its issue time. The gateway signs as it
 * sends, so only transit and clock skew between hosts count against it: the processes share a
 * host or NTP-synced clocks. Short, because within it a captured request can be replayed as is.
 */
export const SIGNATURE_LIFETIME_MS = 10_000;

/** Method and target (path and query) exactly as on the HTTP request line. */
export interface RequestLine {
  method: string;
  target: string;
}

/** The request a context is signed for: the signature holds only for exactly this call. */
export interface SignedRequest extends RequestLine {
  /** `bodyDigest` of the body bytes sent. */
  bodyDigest: string;
  /**
   * Epoch ms when the gateway stops waiting for the answer (shared/src/deadline.ts); default
   * SIGNATURE_LIFETIME_MS after signing.
   */
  deadline?: number;
}

/** Most calls (every GET) have no body: its digest is computed once. */
const NO_BODY_DIGEST = createHash('sha256').digest('base64url');

/** SHA-256 of the body bytes (of none for a request without a body), base64url. */
export function bodyDigest(body: Uint8Array | undefined): string {
  if (body === undefined || body.length === 0) return NO_BODY_DIGEST;
  return createHash('sha256').update(body).digest('base64url');
}

/** The HMAC key object of the one secret a process uses, imported once rather than on every call. */
let signingKey: { secret: string; key: KeyObject } | undefined;

function keyFor(secret: string): KeyObject {
  if (signingKey?.secret !== secret) signingKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return signingKey.key;
}

/** The context header holds the body digest, so the HMAC covers the body too. */
function sign(secret: string, request: RequestLine, contextHeader: string): string {
  return createHmac('sha256', keyFor(secret)).update(`${request.method}\n${request.target}\n${contextHeader}`).digest('base64url');
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/**
 * Headers carrying the context for one request:
 * `<issued ms>.<deadline ms>.<body digest>.<base64url request id>.<base64url JSON of the rest>.<writes>`, and an
 * HMAC over the method, the target and that header, so a captured pair is worthless on any other
 * method, path, query or body, and after SIGNATURE_LIFETIME_MS. The request id and the caller's
 * writes travel apart so that the rest, identical on every call of a caller, is parsed and
 * validated once per service.
 */
export function signContext(context: Caller, request: SignedRequest, secret: string, now = Date.now()): Record<string, string> {
  const { requestId, writes, ...identity } = context;
  const deadline = Math.round(request.deadline ?? now + SIGNATURE_LIFETIME_MS);
  const contextHeader = `${now}.${deadline}.${request.bodyDigest}.${base64url(requestId)}.${base64url(JSON.stringify(identity))}.${encodeWrites(writes)}`;
  return { [CONTEXT_HEADER]: contextHeader, [SIGNATURE_HEADER]: sign(secret, request, contextHeader) };
}

/** What each position of the caller's writes is written as, after its letter. */
const WRITE_LETTERS = [
  ['stock', 's'],
  ['catalog', 'c'],
  ['locations', 'l'],
  ['since', 't'],
] as const;
const WRITES_PATTERN = /^(?:s([1-9]\d{0,15}))?(?:c([1-9]\d{0,15}))?(?:l([1-9]\d{0,15}))?(?:t([1-9]\d{0,15}))?$/;

/** `u` when unknown; each known position as its letter and number (`s12c4l9`), in a fixed order; `-` for none: short, and no dot. */
function encodeWrites(writes: CallerWrites): string {
  if (writes === 'unknown') return 'u';
  const encoded = WRITE_LETTERS.map(([field, letter]) => (writes[field] ? `${letter}${writes[field]}` : '')).join('');
  return encoded || '-';
}

function decodeWrites(encoded: string): CallerWrites | undefined {
  if (encoded === 'u') return 'unknown';
  if (encoded === '-') return NO_WRITES;
  const match = WRITES_PATTERN.exec(encoded);
  if (!match) return undefined;
  const writes: Exclude<CallerWrites, 'unknown'> = {};
  WRITE_LETTERS.forEach(([field], i) => {
    if (match[i + 1] !== undefined) writes[field] = Number(match[i + 1]);
  });
  return writes;
}

export interface VerifiedContext {
  context: Caller;
  /** The digest the body must have; checked once the body has been read. */
  bodyDigest: string;
  /** Epoch ms when the gateway stops waiting for the answer. */
  deadline: number;
}

/**
 * The context, when the headers were signed with `secret` for this method and target and are
 * fresh; undefined when they are missing, forged, stale, malformed or meant for another call.
 */
/** Identities already parsed and validated, by their signed encoding; bounded, oldest dropped first. */
const validatedIdentities = new Map<string, CallerIdentity>();
const MAX_VALIDATED_IDENTITIES = 1_000;

/** The identity a signed header encodes, parsed and validated once; undefined when it is not one. */
function identityOf(encoded: string): CallerIdentity | undefined {
  const known = validatedIdentities.get(encoded);
  if (known) return known;
  let parsed: ReturnType<typeof CallerIdentity.safeParse>;
  try {
    parsed = CallerIdentity.safeParse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
  if (!parsed.success) return undefined;
  if (validatedIdentities.size >= MAX_VALIDATED_IDENTITIES) validatedIdentities.delete(validatedIdentities.keys().next().value!);
  // Shared by every request of the caller: frozen, so no request can change another's context.
  const identity = deepFreeze(parsed.data);
  validatedIdentities.set(encoded, identity);
  return identity;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export function verifyContext(
  headers: { context: string | undefined; signature: string | undefined },
  request: RequestLine,
  secret: string,
  now = Date.now(),
): VerifiedContext | undefined {
  const { context: contextHeader, signature } = headers;
  if (!contextHeader || !signature) return undefined;
  const expected = Buffer.from(sign(secret, request, contextHeader));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const [issued, deadline, digest, encodedRequestId, encodedIdentity, encodedWrites, ...rest] = contextHeader.split('.');
  if (!issued || !deadline || !digest || !encodedRequestId || !encodedIdentity || !encodedWrites || rest.length > 0 || !(Math.abs(now - Number(issued)) <= SIGNATURE_LIFETIME_MS)) return undefined;
  if (!/^\d{1,16}$/.test(deadline)) return undefined;
  const identity = identityOf(encodedIdentity);
  const writes = decodeWrites(encodedWrites);
  if (!identity || !writes) return undefined;
  return { context: { requestId: Buffer.from(encodedRequestId, 'base64url').toString('utf8'), ...identity, writes }, bodyDigest: digest, deadline: Number(deadline) };
}
