import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The endpoints' signing secrets at rest: AES-256-GCM under a key from the environment
 * (WEBHOOK_SECRETS_KEY), so a copy of the database (a backup, a replica, a dump in a ticket)
 * holds no usable secret. Stored as version byte | 12-byte nonce | 16-byte tag | ciphertext.
 * GCM authenticates: a row sealed under another key, or altered, fails to open instead of
 * yielding a wrong secret.
 */

/** The published development key: production refuses to start with it (assertSecretsKey). */
export const DEVELOPMENT_SECRETS_KEY = 'local-development-webhook-secrets-key-do-not-use';

const FORMAT = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  private readonly key: Buffer;

  constructor(passphrase: string) {
    this.key = createHash('sha256').update(passphrase, 'utf8').digest();
  }

  seal(secret: string): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([FORMAT]), nonce, cipher.getAuthTag(), sealed]);
  }

  /** @throws when the box was sealed under another key or altered (the message names neither the key nor the secret). */
  open(box: Buffer): string {
    if (box.length < 1 + NONCE_BYTES + TAG_BYTES || box[0] !== FORMAT) throw new Error('A stored signing secret is not in a known format.');
    const nonce = box.subarray(1, 1 + NONCE_BYTES);
    const tag = box.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(box.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('A stored signing secret does not open with WEBHOOK_SECRETS_KEY (sealed under another key, or altered).');
    }
  }
}

/**
 * A warning to log when the development key is in use; throws in production, where anyone with
 * the published key and a database copy could sign as us.
 */
export function checkSecretsKey(config: { NODE_ENV: string; WEBHOOK_SECRETS_KEY: string }): string | undefined {
  if (config.WEBHOOK_SECRETS_KEY !== DEVELOPMENT_SECRETS_KEY) return undefined;
  if (config.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: WEBHOOK_SECRETS_KEY must be set to a long random value (at least 32 characters) when NODE_ENV=production.');
  }
  return 'WEBHOOK_SECRETS_KEY is not set: webhook signing secrets are encrypted with the published development key. Set it outside development.';
}
