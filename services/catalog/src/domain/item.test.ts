import { ItemChanged } from '@inv/shared/core';
import { closingPurpose, type Item, itemChanged, itemChanges, type ItemState, trackingRefusal } from './item';

const current: ItemState = {
  sku: 'A',
  description: 'd',
  externalId: null,
  supplierId: null,
  cost: 1,
  sellPrice: 2,
  trackStock: true,
  tracking: 'none',
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
    tracking: 'serial',
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
    expect(payload).toEqual({ id, sku: 'A', description: 'd', trackStock: true, tracking: 'serial', lowStockThreshold: item.lowStockThreshold, cost: 1, sellPrice: 2, supplierId: null, version: 7, resource: item });
  });
});

describe('closingPurpose', () => {
  it('when a stock-tracked item is set to trackStock false, then the stock service must close it first as catalog-only, whatever else changes', () => {
    expect(closingPurpose({ trackStock: true, tracking: 'none' }, { trackStock: false })).toBe('catalog_only');
    expect(closingPurpose({ trackStock: true, tracking: 'serial' }, { trackStock: false, tracking: 'none' })).toBe('catalog_only');
  });

  it('when the tracking changes, then the stock service must close the item for it, a catalog-only item too (it may be on order)', () => {
    expect(closingPurpose({ trackStock: true, tracking: 'none' }, { tracking: 'serial' })).toBe('tracking');
    expect(closingPurpose({ trackStock: true, tracking: 'lot' }, { trackStock: true, tracking: 'none' })).toBe('tracking');
    expect(closingPurpose({ trackStock: false, tracking: 'none' }, { trackStock: true, tracking: 'lot' })).toBe('tracking');
  });

  it('when the item is already catalog-only, or the change keeps or restores stock and keeps the tracking, then nothing is asked of the stock service', () => {
    expect(closingPurpose({ trackStock: false, tracking: 'none' }, { trackStock: false })).toBeUndefined();
    expect(closingPurpose({ trackStock: false, tracking: 'none' }, { trackStock: true })).toBeUndefined();
    expect(closingPurpose({ trackStock: true, tracking: 'serial' }, { trackStock: true, tracking: 'serial' })).toBeUndefined();
    expect(closingPurpose({ trackStock: true, tracking: 'lot' }, {})).toBeUndefined();
  });
});

describe('trackingRefusal', () => {
  it('when a catalog-only item would be tracked, then 422 naming tracking', () => {
    expect(trackingRefusal({ trackStock: false, tracking: 'serial' })).toMatchObject({ status: 422, param: 'tracking', message: expect.stringContaining('tracking must be none for a catalog-only item') });
    expect(trackingRefusal({ trackStock: false, tracking: 'lot' })).toMatchObject({ status: 422 });
  });

  it('when the item tracks stock, or is catalog-only without tracking, then it may be', () => {
    expect(trackingRefusal({ trackStock: false, tracking: 'none' })).toBeUndefined();
    expect(trackingRefusal({ trackStock: true, tracking: 'serial' })).toBeUndefined();
    expect(trackingRefusal({ trackStock: true, tracking: 'none' })).toBeUndefined();
  });
});
