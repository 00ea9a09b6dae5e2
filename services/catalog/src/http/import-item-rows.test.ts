import { itemImportRow, serialsOf, tagNamesOf } from './import-item-rows';

describe('a row of an items file', () => {
  it('when every cell is valid, then the row carries the given fields only (an empty cell is not given)', () => {
    const { item, errors } = itemImportRow(2, { sku: 'F-1', cost: '4,5', trackStock: 'yes', tags: 'Red; blue;red', quantity: '3', location: ' Van 7 ' });
    expect(errors).toEqual([]);
    expect(item).toEqual({ row: 2, sku: 'F-1', fields: { cost: 4.5, trackStock: true }, tagNames: ['Red', 'blue'], supplierName: undefined, locationRef: 'Van 7', quantity: 3, units: {} });
  });

  it('when the row names a tracking and the units of its opening, then they are read as POST /items reads them (serials separated by spaces)', () => {
    const serial = itemImportRow(3, { sku: 'S-1', tracking: 'serial', quantity: '3', serials: ' SN-1  SN-2\nSN-3 ' });
    expect(serial).toEqual({ item: expect.objectContaining({ fields: { tracking: 'serial' }, quantity: 3, units: { serials: ['SN-1', 'SN-2', 'SN-3'] } }), errors: [] });
    const lot = itemImportRow(4, { sku: 'L-1', tracking: 'lot', quantity: '10', lot: 'L2026-118', expiresOn: '2027-06-30' });
    expect(lot.item?.units).toEqual({ lot: 'L2026-118', expiresOn: '2027-06-30' });
  });

  it('when the tracking, serials, lot or expiry cells break the API rules, then each is an error naming its column', () => {
    const { item, errors } = itemImportRow(5, { sku: 'X-1', tracking: 'batch', serials: 'A a', lot: 'x'.repeat(101), expiresOn: '30/06/2027' });
    expect(item).toBeUndefined();
    expect(errors.map((e) => [e.column, e.code])).toEqual([
      ['tracking', 'invalid_value'],
      ['serials', 'invalid_value'],
      ['lot', 'invalid_value'],
      ['expiresOn', 'invalid_value'],
    ]);
    expect(errors[0]!.message).toBe('tracking must be one of none, serial or lot.');
    expect(errors[1]!.message).toMatch(/^serials\[1\] serial "a" is given twice \(also at index 0\)/);
  });

  it('when cells break the API rules, then every one is an error naming its column, in the words POST /items uses', () => {
    const { item, errors } = itemImportRow(9, { sku: 'x'.repeat(101), cost: 'cheap', sellPrice: '-1', lowStockThreshold: '2000000', trackStock: 'perhaps', quantity: '1.23456' });
    expect(item).toBeUndefined();
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [9, 'sku', 'invalid_value'],
      [9, 'cost', 'invalid_number'],
      [9, 'sellPrice', 'invalid_value'],
      [9, 'lowStockThreshold', 'invalid_value'],
      [9, 'trackStock', 'invalid_boolean'],
      [9, 'quantity', 'invalid_value'],
    ]);
  });

  it('when stock is given for a catalog-only item, or the SKU is missing, then the row is refused', () => {
    expect(itemImportRow(3, { sku: 'C-1', trackStock: 'false', quantity: '2' }).errors.map((e) => e.code)).toEqual(['catalog_only']);
    expect(itemImportRow(4, { description: 'no sku' }).errors.map((e) => e.code)).toEqual(['required']);
  });

  it('when tags are listed, then they are split on ;, trimmed, and each kept once ignoring case', () => {
    expect(tagNamesOf(' a ;;B; A ;c ')).toEqual(['a', 'B', 'c']);
  });

  it('when serials are listed, then they are split on any whitespace, empty ones dropped, repeats kept (the schema refuses them by name)', () => {
    expect(serialsOf(' a\tb  c\r\nA ')).toEqual(['a', 'b', 'c', 'A']);
  });
});
