import { BadRequest } from '@inv/shared/core';
import { parseLocationAccess } from './admin-commands';

describe('parseLocationAccess', () => {
  const loc = '0b7c6f0e-3f5a-4c1e-9d2b-6a1f2e3d4c5b';

  it('when no list is given, then access is unrestricted', () => {
    expect(parseLocationAccess(undefined)).toEqual({ restricted: false, locations: [] });
  });

  it('when entries name location ids with a level, then access is restricted to them', () => {
    expect(parseLocationAccess(`${loc}:read,${loc.toUpperCase()}:write`)).toEqual({
      restricted: true,
      locations: [
        { locationId: loc, accessLevel: 'read' },
        { locationId: loc.toUpperCase(), accessLevel: 'write' },
      ],
    });
  });

  it.each([`${loc}:admin`, `${loc}`, ':read', 'warehouse-1:read'])('when an entry is %p, then it is refused naming the entry', (entry) => {
    expect(() => parseLocationAccess(entry)).toThrow(BadRequest);
    expect(() => parseLocationAccess(entry)).toThrow(entry);
  });
});
