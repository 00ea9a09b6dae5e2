import { MAX_OPENING_LINES, MAX_SERIALS_PER_REQUEST } from '@inv/shared/core';
import { openingCommands, openingLocation, unitRefusals } from './opening-stock';

describe('openingLocation', () => {
  it('when the quantity is 0, then there is no opening, whatever the item', () => {
    expect(openingLocation({ trackStock: false, quantity: 0 }, 'default')).toBeUndefined();
    expect(openingLocation({ trackStock: true, quantity: 0, locationId: 'x' }, null)).toBeUndefined();
  });

  it('when a tracked item has a quantity, then it goes to the given location, else the default', () => {
    expect(openingLocation({ trackStock: true, quantity: 2, locationId: 'x' }, 'default')).toBe('x');
    expect(openingLocation({ trackStock: true, quantity: 2 }, 'default')).toBe('default');
  });

  it('when a catalog-only item has a quantity, or no location can be found, then 422', () => {
    expect(() => openingLocation({ trackStock: false, quantity: 1 }, 'default')).toThrow(expect.objectContaining({ status: 422 }));
    expect(() => openingLocation({ trackStock: true, quantity: 1 }, null)).toThrow(expect.objectContaining({ status: 422 }));
  });
});

describe('unitRefusals', () => {
  it('when the units fit the tracking (serials for serial, a lot and its expiry for lot) with a quantity, then nothing is refused, however many serials', () => {
    expect(unitRefusals({ tracking: 'serial', quantity: 2, serials: ['A'] })).toEqual([]);
    expect(unitRefusals({ tracking: 'lot', quantity: 2, lot: 'L1', expiresOn: '2027-06-30' })).toEqual([]);
    expect(unitRefusals({ tracking: 'none', quantity: 2 })).toEqual([]);
  });

  it('when the tracking does not take a field, then that field is refused, each on its own', () => {
    expect(unitRefusals({ tracking: 'lot', quantity: 1, serials: ['A'] })).toEqual([{ field: 'serials', message: expect.stringContaining("tracking is serial; this item's tracking is lot") }]);
    expect(unitRefusals({ tracking: 'serial', quantity: 1, lot: 'L', expiresOn: '2027-01-01' }).map((r) => r.field)).toEqual(['lot', 'expiresOn']);
    expect(unitRefusals({ tracking: 'none', quantity: 1, serials: ['A'], lot: 'L' }).map((r) => r.field)).toEqual(['serials', 'lot']);
  });

  it('when units are named without an opening quantity, then they are refused rather than dropped', () => {
    expect(unitRefusals({ tracking: 'serial', quantity: 0, serials: ['A'] })).toEqual([{ field: 'serials', message: expect.stringContaining('opening quantity above 0') }]);
  });
});

describe('openingCommands', () => {
  const serials = (n: number) => ({ serials: Array.from({ length: n }, (_, i) => `S${i}`) });

  it('when lines fit one command, then they go in one, in order', () => {
    const lines = [serials(2), {}, serials(3)];
    expect(openingCommands(lines)).toEqual([lines]);
    expect(openingCommands([])).toEqual([]);
  });

  it('when lines pass MAX_OPENING_LINES or their serials MAX_SERIALS_PER_REQUEST, then the next command starts at the line that would pass it', () => {
    const many = Array.from({ length: MAX_OPENING_LINES + 1 }, () => ({}));
    expect(openingCommands(many).map((c) => c.length)).toEqual([MAX_OPENING_LINES, 1]);
    const heavy = [serials(MAX_SERIALS_PER_REQUEST - 1), serials(1), serials(1), serials(MAX_SERIALS_PER_REQUEST)];
    expect(openingCommands(heavy).map((c) => c.map((l) => l.serials.length))).toEqual([[MAX_SERIALS_PER_REQUEST - 1, 1], [1], [MAX_SERIALS_PER_REQUEST]]);
  });
});
