import { itemChanges, type ItemState } from './item';

const current: ItemState = {
  sku: 'A',
  description: 'd',
  externalId: null,
  supplierId: null,
  cost: 1,
  sellPrice: 2,
  trackStock: true,
  lowStockThreshold: null,
  tagIds: ['t1', 't2'],
};

describe('itemChanges', () => {
  it('when the patch repeats the current values, then nothing changes', () => {
    expect(itemChanges(current, { sku: 'A', cost: 1, lowStockThreshold: null, tagIds: ['t1', 't2'] })).toEqual({});
  });

  it('when values differ (a SKU in another case, reordered tags, a cleared field), then only those are changes', () => {
    expect(itemChanges(current, { sku: 'a', description: 'd', tagIds: ['t2', 't1'], lowStockThreshold: 3 })).toEqual({
      sku: 'a',
      tagIds: ['t2', 't1'],
      lowStockThreshold: 3,
    });
    expect(itemChanges({ ...current, supplierId: 's' }, { supplierId: null })).toEqual({ supplierId: null });
  });

  it('when a field is absent, then it is not a change', () => {
    expect(itemChanges(current, { description: undefined })).toEqual({});
  });
});
