import {
  changesOf,
  changesReplenishment,
  CreateLocationInput,
  type Location,
  mayCreateLocation,
  replenishFromRefusal,
  type SourceFacts,
  sourceRefusal,
  UpdateLocationInput,
} from './location';

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
  replenishFrom: null,
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
      replenishFrom: null,
    });
  });

  it('when an update is empty, then it parses to nothing; unknown fields are refused', () => {
    expect(UpdateLocationInput.parse({})).toEqual({});
    expect(UpdateLocationInput.safeParse({ isDefault: true }).success).toBe(false);
    expect(CreateLocationInput.safeParse({ name: 'x', active: true }).success).toBe(false);
  });

  it('when replenishFrom is given, then an id is normalised, null clears, anything else is refused naming the field, on create as on update', () => {
    expect(UpdateLocationInput.parse({ replenishFrom: '0198C0DE-0000-7000-8000-00000000000A' })).toEqual({ replenishFrom: '0198c0de-0000-7000-8000-00000000000a' });
    expect(UpdateLocationInput.parse({ replenishFrom: null })).toEqual({ replenishFrom: null });
    expect(CreateLocationInput.parse({ name: 'x', replenishFrom: '0198C0DE-0000-7000-8000-00000000000A' }).replenishFrom).toBe('0198c0de-0000-7000-8000-00000000000a');
    expect(CreateLocationInput.parse({ name: 'x', replenishFrom: null }).replenishFrom).toBeNull();
    expect(CreateLocationInput.parse({ name: 'x' }).replenishFrom).toBeNull();
    for (const malformed of [UpdateLocationInput.safeParse({ replenishFrom: 'van-1' }), CreateLocationInput.safeParse({ name: 'x', replenishFrom: 'van-1' })]) {
      expect(malformed.success).toBe(false);
      expect(malformed.error?.issues[0]?.path).toEqual(['replenishFrom']);
    }
  });
});

describe('replenishment', () => {
  const van = { id: 'van', name: 'Van 1' };
  const main: SourceFacts = { id: 'main', name: 'Main', active: true, readable: true };
  const refusal = (facts: Partial<Parameters<typeof replenishFromRefusal>[0]>) =>
    replenishFromRefusal({ location: van, sourceId: main.id, source: main, chain: [], ...facts })?.message;

  it('when the source is another live, active, readable location and the chain does not lead back, then it is allowed', () => {
    expect(refusal({})).toBeUndefined();
  });

  it('when the location names itself, then it is refused as such', () => {
    expect(refusal({ sourceId: van.id, source: { ...van, active: true, readable: true } })).toBe('replenishFrom: location "Van 1" (van) cannot be refilled from itself.');
  });

  it('when the source does not exist or the caller cannot read it, then both get the same answer', () => {
    const unknown = 'replenishFrom: location main does not exist.';
    expect(refusal({ source: undefined })).toBe(unknown);
    expect(refusal({ source: { ...main, readable: false } })).toBe(unknown);
    expect(refusal({ source: { ...main, active: false, readable: false } })).toBe(unknown);
  });

  it('when the source is inactive, then it is refused naming it', () => {
    expect(refusal({ source: { ...main, active: false } })).toMatch(/^replenishFrom: location "Main" \(main\) is inactive; /);
  });

  it('when the chain from the source leads back to the location, then the cycle is named from the location round', () => {
    expect(refusal({ chain: [main, van] })).toMatch(/^replenishFrom: "Van 1" → "Main" → "Van 1" would form a cycle; /);
    const hub = { id: 'hub', name: 'Hub' };
    expect(refusal({ chain: [main, hub, van] })).toMatch(/^replenishFrom: "Van 1" → "Main" → "Hub" → "Van 1" would form a cycle; /);
  });

  it('when the cycle is long, then its ends are named and the middle counted', () => {
    const chain = [...Array.from({ length: 10 }, (_, i) => ({ id: `l${i}`, name: `L${i}` })), van];
    expect(refusal({ chain })).toMatch(/^replenishFrom: "Van 1" → "L0" → "L1" → "L2" → … \(6 more\) … → "L9" → "Van 1" would form a cycle; /);
  });

  it('when nobody names the location, then it may be deactivated or deleted; else the first three are named and the rest counted', () => {
    expect(sourceRefusal(main, { named: [], total: 0 })).toBeUndefined();
    expect(sourceRefusal(main, { named: [van], total: 1 })?.message).toBe(
      'Location "Main" is the replenishment source of "Van 1" (van); set its replenishFrom to another location or null first.',
    );
    const named = [van, { id: 'v2', name: 'Van 2' }, { id: 'v3', name: 'Van 3' }];
    const refused = sourceRefusal(main, { named, total: 5 });
    expect(refused?.status).toBe(409);
    expect(refused?.message).toBe(
      'Location "Main" is the replenishment source of "Van 1" (van), "Van 2" (v2), "Van 3" (v3) and 2 more; set their replenishFrom to another location or null first.',
    );
  });

  it('when a change names a source or deactivates, then it needs the replenishment lock; clearing, activating or other fields do not', () => {
    expect(changesReplenishment({ replenishFrom: 'main' })).toBe(true);
    expect(changesReplenishment({ active: false })).toBe(true);
    expect(changesReplenishment({ replenishFrom: null })).toBe(false);
    expect(changesReplenishment({ active: true, name: 'x', note: 'y' })).toBe(false);
  });

  it('when replenishFrom is given as it is now, then it is no change', () => {
    const source = '0198c0de-0000-7000-8000-00000000000a';
    const named = { ...current, replenishFrom: source };
    expect(changesOf(named, UpdateLocationInput.parse({ replenishFrom: source.toUpperCase() }))).toEqual({});
    expect(changesOf(named, { replenishFrom: null })).toEqual({ replenishFrom: null });
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
