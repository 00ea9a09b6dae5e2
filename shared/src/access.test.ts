import { canAccessLocation, effectiveScopes, readableLocationIds, SCOPES } from './access';

describe('effectiveScopes', () => {
  it('when the key is full-access, then it gets everything the role allows', () => {
    expect(effectiveScopes(null, 'owner')).toEqual([...SCOPES]);
    expect(effectiveScopes(null, 'viewer').every((s) => s.endsWith('.read'))).toBe(true);
    expect(effectiveScopes(null, 'billing')).toEqual(['workspaces.read']);
  });

  it('when the key is restricted, then it gets the intersection of its scopes and the role', () => {
    expect(effectiveScopes(['items.read', 'items.write'], 'member')).toEqual(['items.read', 'items.write']);
    expect(effectiveScopes(['items.read', 'items.write'], 'viewer')).toEqual(['items.read']);
    expect(effectiveScopes(['transfers.write'], 'billing')).toEqual([]);
  });
});

describe('canAccessLocation', () => {
  const access = { restricted: true, locations: [{ locationId: 'a', accessLevel: 'read' as const }, { locationId: 'b', accessLevel: 'write' as const }] };

  it('when access is unrestricted, then every location is readable and writable', () => {
    expect(canAccessLocation({ restricted: false, locations: [] }, 'x', 'write')).toBe(true);
  });

  it('when access is restricted, then only listed locations at their level (write implies read)', () => {
    expect(canAccessLocation(access, 'a', 'read')).toBe(true);
    expect(canAccessLocation(access, 'a', 'write')).toBe(false);
    expect(canAccessLocation(access, 'b', 'read')).toBe(true);
    expect(canAccessLocation(access, 'b', 'write')).toBe(true);
    expect(canAccessLocation(access, 'c', 'read')).toBe(false);
  });
});

describe('readableLocationIds', () => {
  const id = '0b7c6f0e-3f5a-4c1e-9d2b-6a1f2e3d4c5b';

  it('when access is restricted, then the readable ids are its grants, lowercased, without ids that cannot exist', () => {
    const access = { restricted: true, locations: [{ locationId: id.toUpperCase(), accessLevel: 'read' as const }, { locationId: 'nope', accessLevel: 'write' as const }] };
    expect(readableLocationIds(access)).toEqual([id]);
    expect(canAccessLocation(access, id, 'read')).toBe(true);
    expect(readableLocationIds({ restricted: true, locations: [] })).toEqual([]);
  });

  it('when access is unrestricted, then there is no narrowing', () => {
    expect(readableLocationIds({ restricted: false, locations: [] })).toBeUndefined();
  });
});
