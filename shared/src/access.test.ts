import { canAccessLocation, effectiveScopes, SCOPES } from './access';

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
