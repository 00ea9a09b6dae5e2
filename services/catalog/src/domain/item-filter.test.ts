import { containsPattern, normalizeFilter } from './item-filter';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';

describe('normalizeFilter', () => {
  it('when single and plural forms are both given, then they merge into one set, lowercased and without repeats', () => {
    const filter = normalizeFilter({ supplierId: S1.toUpperCase(), supplierIds: [S1, S2], tagId: S2, tagIds: [S2], tagNames: [' Red ', 'red'] });
    expect(filter).toEqual({ matchesNothing: false, supplierIds: [S1, S2], tags: { ids: [S2], names: ['red'] } });
  });

  it('when every id of a set filter is malformed, then nothing can match', () => {
    expect(normalizeFilter({ supplierIds: ['junk'] })).toMatchObject({ matchesNothing: true, supplierIds: [] });
    expect(normalizeFilter({ tagId: 'junk' }).matchesNothing).toBe(true);
    expect(normalizeFilter({ locationId: 'junk' }).matchesNothing).toBe(true);
  });

  it('when a set filter mixes good and malformed ids, then the good ones still match', () => {
    expect(normalizeFilter({ supplierIds: ['junk', S1] })).toEqual({ matchesNothing: false, supplierIds: [S1] });
  });

  it('when scalar filters are given, then they pass through and stockHealth loses repeats', () => {
    expect(normalizeFilter({ sku: 'A', cost: 0, trackStock: false, stockHealth: ['out', 'out', 'low'] })).toEqual({
      matchesNothing: false,
      sku: 'A',
      cost: 0,
      trackStock: false,
      stockHealth: ['out', 'low'],
    });
  });
});

describe('containsPattern', () => {
  it('when the term holds LIKE wildcards or backslashes, then they are escaped', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
