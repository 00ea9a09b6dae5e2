import { isId, newId, parseEntityId } from './ids';

describe('entity ids', () => {
  it('when made, then each is a lowercase UUID version 7 (RFC 9562 variant) and no two are alike', () => {
    const ids = Array.from({ length: 10_000 }, () => newId());
    for (const id of ids.slice(0, 100)) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseEntityId(id)).toBe(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('when made later, then they sort later: their first 48 bits are the time in milliseconds', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
    const earlier = newId();
    const later = (() => {
      const start = Date.now();
      while (Date.now() === start);
      return newId();
    })();
    expect(earlier < later).toBe(true);
  });

  it('when many are made at once, many within one millisecond, then they sort in the order they were made', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
  });

  it('when text is parsed, then only a UUID becomes an id, normalised to lowercase', () => {
    expect(parseEntityId('3D6F0A8E-5B21-4C7D-9E14-8A2B6C0F1D37')).toBe('3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37');
    expect(parseEntityId('junk')).toBeUndefined();
    expect(isId('3d6f0a8e5b214c7d9e148a2b6c0f1d37')).toBe(false);
  });
});
