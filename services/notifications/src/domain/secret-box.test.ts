import { checkSecretsKey, DEVELOPMENT_SECRETS_KEY, SecretBox } from './secret-box';

describe('SecretBox', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

  it('opens what it sealed, and each seal differs (fresh nonce)', () => {
    const box = new SecretBox('a key of at least thirty-two characters!');
    const a = box.seal(secret);
    const b = box.seal(secret);
    expect(a.equals(b)).toBe(false);
    expect(a.toString('latin1')).not.toContain(secret.slice(6));
    expect(box.open(a)).toBe(secret);
    expect(box.open(b)).toBe(secret);
  });

  it('refuses a box sealed under another key, or altered, without naming the secret', () => {
    const sealed = new SecretBox('a key of at least thirty-two characters!').seal(secret);
    const other = new SecretBox('another key of at least thirty-two characters');
    expect(() => other.open(sealed)).toThrow(/does not open/);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => new SecretBox('a key of at least thirty-two characters!').open(altered)).toThrow(/does not open/);
    expect(() => other.open(Buffer.from([9, 1, 2]))).toThrow(/not in a known format/);
  });

  it('production refuses the development key; development warns', () => {
    expect(() => checkSecretsKey({ NODE_ENV: 'production', WEBHOOK_SECRETS_KEY: DEVELOPMENT_SECRETS_KEY })).toThrow(/WEBHOOK_SECRETS_KEY/);
    expect(checkSecretsKey({ NODE_ENV: 'development', WEBHOOK_SECRETS_KEY: DEVELOPMENT_SECRETS_KEY })).toMatch(/development key/);
    expect(checkSecretsKey({ NODE_ENV: 'production', WEBHOOK_SECRETS_KEY: 'x'.repeat(40) })).toBeUndefined();
  });
});
