import { looksLikeApiKey, generateApiKey, bearerToken, hashApiKey } from './api-key';
import { slugify } from './workspace';

describe('slugify', () => {
  it('when a name has accents, spaces and symbols, then the slug is lowercase ASCII words joined by hyphens', () => {
    expect(slugify('Ça Va — Field Ops #1')).toBe('ca-va-field-ops-1');
    expect(slugify('!!!')).toBe('workspace');
    expect(slugify('a'.repeat(100)).length).toBe(63);
  });
});

describe('api keys', () => {
  it('when a key is generated, then it has its kind prefix, 32 random characters and a SHA-256 hash', () => {
    const full = generateApiKey('full');
    const restricted = generateApiKey('restricted');
    expect(full.key).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
    expect(restricted.key).toMatch(/^rk_[A-Za-z0-9_-]{32}$/);
    expect(full.hash).toBe(hashApiKey(full.key));
    expect(looksLikeApiKey(full.key) && looksLikeApiKey(restricted.key)).toBe(true);
    expect(generateApiKey('full').key).not.toBe(full.key);
  });

  it('when the header is not a bearer token, then no token is read from it', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
