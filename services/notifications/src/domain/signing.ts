import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com/), so receivers verify our
 * deliveries with the specification's own libraries. The signed content is
 * `${msgId}.${timestamp}.${body}`, HMAC-SHA256 with the secret's key bytes, base64; the header
 * lists one `v1,<signature>` per live secret, space-separated, so during a rotation a receiver
 * holding either the old or the new secret accepts the message.
 */

const SECRET_PREFIX = 'whsec_';
/** The specification asks for keys of 24 to 64 bytes; we make 32 (the HMAC-SHA256 block's half, as Svix does). */
const SECRET_BYTES = 32;
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;
/**
 * A message id goes into a header and into the signed content before the first `.`: letters,
 * digits, `_` and `-` only, so it can neither break the header nor shift the content's fields.
 */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,255}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A secret that is not `whsec_` + base64 of 24–64 bytes. The message never contains the secret. */
export class InvalidSigningSecret extends Error {
  constructor(position: number, why: string) {
    super(`Signing secret #${position + 1} is invalid: ${why}.`);
    this.name = 'InvalidSigningSecret';
  }
}

/** A message id that could not be signed safely (see MESSAGE_ID). */
export class InvalidMessageId extends Error {
  constructor() {
    super('A webhook message id must be 1-255 letters, digits, "_" or "-".');
    this.name = 'InvalidMessageId';
  }
}

/** An endpoint with no live secret: nothing may be sent unsigned. */
export class NoLiveSecret extends Error {
  constructor() {
    super('A webhook needs at least one live signing secret.');
    this.name = 'NoLiveSecret';
  }
}

/** A new secret for an endpoint: `whsec_` + base64 of 32 random bytes. Shown to the user once. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/**
 * The key bytes of a `whsec_` secret.
 * @throws InvalidSigningSecret when the prefix, the base64 or the length is wrong.
 */
export function signingKey(secret: string, position = 0): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new InvalidSigningSecret(position, `it must start with "${SECRET_PREFIX}"`);
  const encoded = secret.slice(SECRET_PREFIX.length);
  // Buffer.from skips what is not base64 instead of failing: check the alphabet first.
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) throw new InvalidSigningSecret(position, 'what follows the prefix is not base64');
  const key = Buffer.from(encoded, 'base64');
  if (key.length < MIN_SECRET_BYTES || key.length > MAX_SECRET_BYTES) {
    throw new InvalidSigningSecret(position, `its key has ${key.length} bytes; it must have ${MIN_SECRET_BYTES} to ${MAX_SECRET_BYTES}`);
  }
  return key;
}

export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers of one attempt. `id` is the message's id, the same on
 * every retry (the receiver de-duplicates on it); `timestamp` is the attempt's time (whole
 * seconds: receivers refuse a timestamp too far from their clock); `body` is the exact text sent;
 * `secrets` are the endpoint's live secrets, newest first, one signature each.
 * @throws InvalidMessageId, InvalidSigningSecret, NoLiveSecret.
 */
export function signatureHeaders(message: { id: string; timestamp: Date; body: string; secrets: readonly string[] }): SignatureHeaders {
  if (!MESSAGE_ID.test(message.id)) throw new InvalidMessageId();
  if (message.secrets.length === 0) throw new NoLiveSecret();
  const seconds = Math.floor(message.timestamp.getTime() / 1000).toString();
  const content = `${message.id}.${seconds}.${message.body}`;
  const signatures = message.secrets.map((secret, position) => `v1,${createHmac('sha256', signingKey(secret, position)).update(content, 'utf8').digest('base64')}`);
  return { 'webhook-id': message.id, 'webhook-timestamp': seconds, 'webhook-signature': signatures.join(' ') };
}
