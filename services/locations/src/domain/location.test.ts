import { changesOf, CreateLocationInput, type Location, mayCreateLocation, UpdateLocationInput } from './location';

const current: Location = {
  id: 'l1',
  name: 'Van',
  type: 'van',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  icon: null,
  note: '',
  latitude: 1,
  longitude: null,
  geofenceRadiusM: null,
  accessLevel: null,
};

describe('changesOf', () => {
  it('when nothing is given or every value is the current one, then there is no change', () => {
    expect(changesOf(current, {})).toEqual({});
    expect(changesOf(current, { name: 'Van', active: true, icon: null, latitude: 1 })).toEqual({});
  });

  it('when values differ, null included, then exactly those fields change', () => {
    expect(changesOf(current, { name: 'van', latitude: null, longitude: 2, active: true })).toEqual({ name: 'van', latitude: null, longitude: 2 });
  });
});

describe('input schemas', () => {
  it('when a create gives only a name, then every other field takes its default and type stays open for the workspace default', () => {
    expect(CreateLocationInput.parse({ name: ' Back room ' })).toEqual({
      name: 'Back room',
      icon: null,
      note: '',
      accessLevel: null,
      latitude: null,
      longitude: null,
      geofenceRadiusM: null,
    });
  });

  it('when an update is empty, then it parses to nothing; unknown fields are refused', () => {
    expect(UpdateLocationInput.parse({})).toEqual({});
    expect(UpdateLocationInput.safeParse({ isDefault: true }).success).toBe(false);
    expect(CreateLocationInput.safeParse({ name: 'x', active: true }).success).toBe(false);
  });
});

describe('restricted location access', () => {
  const restricted = { restricted: true, locations: [{ locationId: 'a', accessLevel: 'read' as const }] };
  it('when access is restricted, then only owners may create', () => {
    expect(mayCreateLocation({ role: 'owner', locationAccess: restricted })).toBe(true);
    expect(mayCreateLocation({ role: 'member', locationAccess: restricted })).toBe(false);
    expect(mayCreateLocation({ role: 'member', locationAccess: { restricted: false, locations: [] } })).toBe(true);
  });
});
