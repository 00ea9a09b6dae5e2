import { ItemChanged } from '@inv/shared/core';
import { type Item, itemChanged, itemChanges, type ItemState, makesCatalogOnly } from './item';

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

describe('itemChanged', () => {
  const id = '6cf7c50b-956c-442d-9529-137d72a9ce9d';
  const workspaceId = '0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60';
  const tag = { id: '5a2c8e71-0f3d-4b6a-8c19-7e4d2b9a6f05', name: 'Fragile', color: '#9e9e9e' };
  const item: Item = {
    id,
    sku: 'A',
    description: 'd',
    externalId: null,
    supplierId: null,
    cost: 1,
    sellPrice: 2,
    trackStock: true,
    lowStockThreshold: null,
    tagId: tag.id,
    tags: [tag],
    userId: '9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b',
    workspaceId,
    createdAt: '2026-01-02T03:04:05.678Z',
    updatedAt: '2026-01-02T03:04:05.678Z',
    projectId: workspaceId,
    supplier: null,
  };

  it('when the payload goes through the contract, as consumers parse it, then the snapshot and the whole answered item survive', () => {
    const payload = ItemChanged.parse(JSON.parse(JSON.stringify(itemChanged(item, 7))));
    expect(payload).toEqual({ id, sku: 'A', description: 'd', trackStock: true, lowStockThreshold: item.lowStockThreshold, cost: 1, sellPrice: 2, supplierId: null, version: 7, resource: item });
  });
});

describe('makesCatalogOnly', () => {
  it('when a stock-tracked item is set to trackStock false, then the stock service must close it first', () => {
    expect(makesCatalogOnly({ trackStock: true }, { trackStock: false })).toBe(true);
  });

  it('when the item is already catalog-only, or the change keeps or restores tracking, then nothing is asked of the stock service', () => {
    expect(makesCatalogOnly({ trackStock: false }, { trackStock: false })).toBe(false);
    expect(makesCatalogOnly({ trackStock: true }, { trackStock: true })).toBe(false);
    expect(makesCatalogOnly({ trackStock: true }, { sku: 'B', cost: 3 })).toBe(false);
  });
});
