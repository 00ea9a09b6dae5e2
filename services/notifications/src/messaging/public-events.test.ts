import { CatalogEvents, LocationEvents, StockEvents } from '@inv/shared/core';
import type { Envelope } from '@inv/shared/messaging';
import { internalTypesFor, PUBLIC_EVENT_MAPPINGS, publicEventsOf, publicTypesOf } from './public-events';

const ITEM = '0191c1a0-0000-7000-8000-000000000001';
const VAN = '0191c1a0-0000-7000-8000-000000000002';
const actor = { userId: 'user-1', keyId: 'key-1' };

function message(type: string, payload: unknown, withActor = true): Envelope<unknown> {
  const parsed = PUBLIC_EVENT_MAPPINGS[type]!.schema.parse(payload);
  return { id: 'm-1', type, workspaceId: 'ws-1', occurredAt: '2026-11-25T10:00:00.000Z', requestId: null, ...(withActor ? { actor } : {}), payload: parsed };
}

describe('the one mapping from internal messages to public events', () => {
  it('when stock.changed carries two balances, then two stock.changed events, each with on-hand before and after', () => {
    const events = publicEventsOf(
      message(StockEvents.changed, {
        position: 7,
        changes: [
          { itemId: ITEM, locationId: VAN, onHand: 4, delta: -6, movementType: 'transfer_out', version: 3 },
          { itemId: ITEM, locationId: ITEM, onHand: 6, delta: 6, movementType: 'transfer_in', version: 1 },
        ],
      }),
    );
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['stock.changed', { itemId: ITEM, locationId: VAN, onHandBefore: 10, onHandAfter: 4, delta: -6, movementType: 'transfer_out', version: 3, serials: null, lot: null }],
      ['stock.changed', { itemId: ITEM, locationId: ITEM, onHandBefore: 0, onHandAfter: 6, delta: 6, movementType: 'transfer_in', version: 1, serials: null, lot: null }],
    ]);
    expect(events[0]).toMatchObject({ workspaceId: 'ws-1', occurredAt: '2026-11-25T10:00:00.000Z', actor });
    expect(events[0]!.id).not.toBe(events[1]!.id);
  });

  it('when a par level is crossed, then below_par or par_restored by its direction, with item, location, on-hand, free stock, minimum and target', () => {
    const crossed = { itemId: ITEM, locationId: VAN, onHand: 6, available: 4, minimum: 5, target: 9, item: { id: ITEM, sku: 'F-10', description: 'Fuse' }, location: { id: VAN, name: 'Van 7', type: 'van' } };
    expect(publicEventsOf(message(StockEvents.parCrossed, { ...crossed, below: true })).map((e) => [e.type, e.data])).toEqual([
      ['stock.below_par', { item: crossed.item, location: crossed.location, onHand: 6, available: 4, minimum: 5, target: 9 }],
    ]);
    // A message recorded before targets (or free stock) existed: its target was its minimum, its free stock its on-hand.
    const { target: _target, available: _available, ...before } = crossed;
    expect(publicEventsOf(message(StockEvents.parCrossed, { ...before, below: true }))[0]!.data).toMatchObject({ onHand: 6, available: 6, minimum: 5, target: 5 });
    expect(publicEventsOf(message(StockEvents.parCrossed, { ...crossed, below: false }))[0]!.type).toBe('stock.par_restored');
  });

  it('when an item event carries the REST resource, then data is that resource; without it (older messages), the snapshot without its version', () => {
    const resource = { id: ITEM, sku: 'F-10', description: 'Fuse', lowStockThreshold: 3, tags: [] };
    expect(publicEventsOf(message(CatalogEvents.itemUpdated, { id: ITEM, sku: 'F-10', description: 'Fuse', trackStock: true, version: 4, resource }))[0]!.data).toEqual(resource);
    expect(publicEventsOf(message(CatalogEvents.itemCreated, { id: ITEM, sku: 'F-10', description: 'Fuse', trackStock: true, version: 4 }))[0]!.data).toEqual({ id: ITEM, sku: 'F-10', description: 'Fuse', trackStock: true });
  });

  it('when a message has no actor (the system healing interrupted work, or recorded before actors), then the actor is null on both fields', () => {
    const [event] = publicEventsOf(message(CatalogEvents.itemCreated, { id: ITEM, sku: 'F-10', description: 'Fuse', trackStock: true, version: 1 }, false));
    expect(event!.actor).toEqual({ userId: null, keyId: null });
  });

  it('when an internal message has no public counterpart (tag.created), then it makes no event', () => {
    expect(publicEventsOf({ id: 'm', type: 'tag.created', workspaceId: 'w', occurredAt: '2026-11-25T10:00:00.000Z', requestId: null, payload: {} })).toEqual([]);
  });

  it('when an item health crossing is committed, then the public event is item.stock_ + its health, with item, health, on-hand and threshold', () => {
    const crossed = { itemId: ITEM, health: 'low', onHand: 3, threshold: 5, item: { id: ITEM, sku: 'F-10', description: 'Fuse' } };
    const [event] = publicEventsOf(message(StockEvents.itemHealthCrossed, crossed));
    expect([event!.type, event!.data, event!.actor]).toEqual(['item.stock_low', { item: crossed.item, health: 'low', onHand: 3, threshold: 5 }, actor]);
  });

  it('when a job completes, is cancelled or reverted, then job.completed, job.cancelled or job.reverted carries the job whole, fields this build does not know included', () => {
    const actorRef = { userId: 'user-1', keyId: 'key-1' };
    const job = {
      id: ITEM,
      externalRef: 'WO-1',
      name: 'Boiler',
      status: 'completed',
      sourceLocationId: VAN,
      scheduledAt: null,
      note: '',
      currency: 'USD',
      markupPercent: null,
      taxPercent: 0,
      taxIncluded: false,
      lines: [{ id: ITEM, itemId: ITEM, item: { id: ITEM, sku: 'F', description: '', trackStock: true }, locationId: VAN, planned: 1, reserved: 0, used: 1, billable: true, unitCost: 1, unitPrice: 1, note: '' }],
      totals: { cost: 1, price: 1, tax: 0, total: 1 },
      createdAt: '2026-11-25T10:00:00.000Z',
      createdBy: actorRef,
      updatedAt: '2026-11-25T10:00:00.000Z',
      updatedBy: actorRef,
      completedAt: '2026-11-25T10:00:00.000Z',
      completedBy: actorRef,
      cancelledAt: null,
      cancelledBy: null,
      revertedAt: null,
      revertedBy: null,
      addedLater: true,
    };
    for (const [type, status] of [[StockEvents.jobCompleted, 'completed'], [StockEvents.jobCancelled, 'cancelled'], [StockEvents.jobReverted, 'reverted']] as const) {
      const [event] = publicEventsOf(message(type, { ...job, status }));
      expect([event!.type, event!.data]).toEqual([type, { ...job, status }]);
    }
    expect(internalTypesFor([['job.*']])).toEqual([StockEvents.jobCancelled, StockEvents.jobCompleted, StockEvents.jobReverted].sort());
  });

  it('when a purchase order is submitted, receives, is closed or cancelled, then purchase_order.* carries the order whole (fields this build does not know included), and received adds the receipt', () => {
    const order = {
      id: ITEM,
      status: 'ordered',
      supplierId: VAN,
      supplier: { id: VAN, name: 'Acme' },
      locationId: VAN,
      location: { id: VAN, name: 'Van 7', type: 'van' },
      reference: 'PO-1',
      note: '',
      externalRef: null,
      expectedAt: null,
      origin: 'manual',
      orderedValue: 52.5,
      receivedValue: 0,
      lines: [{ itemId: ITEM, item: { id: ITEM, sku: 'F-10', description: 'Fuse' }, ordered: 10, received: 0, open: 10, unitCost: 5.25 }],
      createdAt: '2026-11-25T10:00:00.000Z',
      createdBy: actor,
      updatedAt: '2026-11-25T10:00:00.000Z',
      submittedAt: '2026-11-25T10:00:00.000Z',
      receivedAt: null,
      closedAt: null,
      cancelledAt: null,
      addedLater: true,
    };
    const receipt = { id: VAN, purchaseOrderId: ITEM, lines: [{ itemId: ITEM, quantity: 6, unitCost: 5.25 }], reference: 'DN-7', note: '', createdAt: '2026-11-25T10:00:00.000Z', revertedAt: null };
    const partly = { ...order, status: 'partially_received', receivedValue: 31.5, lines: [{ ...order.lines[0]!, received: 6, open: 4 }] };

    const one = (type: string, payload: unknown) => publicEventsOf(message(type, payload)).map((e) => [e.type, e.data, e.actor]);
    expect(one(StockEvents.purchaseOrderSubmitted, { purchaseOrder: order })).toEqual([['purchase_order.submitted', order, actor]]);
    expect(one(StockEvents.purchaseOrderReceived, { purchaseOrder: partly, receipt })).toEqual([['purchase_order.received', { ...partly, receipt }, actor]]);
    expect(one(StockEvents.purchaseOrderClosed, { purchaseOrder: { ...partly, status: 'closed' } })).toEqual([['purchase_order.closed', { ...partly, status: 'closed' }, actor]]);
    expect(one(StockEvents.purchaseOrderCancelled, { purchaseOrder: { ...order, status: 'cancelled' } })).toEqual([['purchase_order.cancelled', { ...order, status: 'cancelled' }, actor]]);
    // The receipt is what purchase_order.received is about: a message without it is refused, not published without it.
    expect(PUBLIC_EVENT_MAPPINGS[StockEvents.purchaseOrderReceived]!.schema.safeParse({ purchaseOrder: partly }).success).toBe(false);
    expect(internalTypesFor([['purchase_order.*']])).toEqual(
      [StockEvents.purchaseOrderCancelled, StockEvents.purchaseOrderClosed, StockEvents.purchaseOrderReceived, StockEvents.purchaseOrderReceiptReverted, StockEvents.purchaseOrderSubmitted].sort(),
    );
    expect(internalTypesFor([['purchase_order.received']])).toEqual([StockEvents.purchaseOrderReceived]);
  });

  it("when each mapping names the public types it makes, then it makes no other", () => {
    const samples: Record<string, unknown> = {
      [StockEvents.itemHealthCrossed]: { itemId: ITEM, health: 'ok', onHand: 9, threshold: 5, item: { id: ITEM, sku: 'F', description: '' } },
      [StockEvents.parCrossed]: { itemId: ITEM, locationId: VAN, below: false, onHand: 4, minimum: 5, item: { id: ITEM, sku: 'F', description: '' }, location: { id: VAN, name: 'Van', type: 'van' } },
      [CatalogEvents.itemCreated]: { id: ITEM, sku: 'F', description: '', trackStock: true, lowStockThreshold: null, version: 1 },
    };
    for (const [type, payload] of Object.entries(samples)) {
      for (const made of publicTypesOf(message(type, payload))) expect(PUBLIC_EVENT_MAPPINGS[type]!.makes).toContain(made);
    }
  });
});

describe('which internal events a workspace is routed', () => {
  it('when endpoints subscribe to types and wildcards, then exactly the internal types making one of them are routed', () => {
    expect(internalTypesFor([['transfer.completed']])).toEqual([StockEvents.transferCompleted]);
    expect(internalTypesFor([['item.stock_low']])).toEqual([StockEvents.itemHealthCrossed]);
    expect(internalTypesFor([['stock.below_par'], ['location.deleted']])).toEqual([LocationEvents.deleted, StockEvents.parCrossed].sort());
    expect(internalTypesFor([['item.*']])).toEqual([CatalogEvents.itemCreated, CatalogEvents.itemUpdated, StockEvents.itemHealthCrossed].sort());
  });

  it('when an endpoint takes every event (an empty list), then every mapped type is routed; with no endpoint, none', () => {
    expect(internalTypesFor([[]])).toEqual(Object.keys(PUBLIC_EVENT_MAPPINGS).sort());
    expect(internalTypesFor([])).toEqual([]);
  });

  it('when an endpoint subscribes only to webhook.test, then nothing is routed (test events never cross the bus)', () => {
    expect(internalTypesFor([['webhook.test']])).toEqual([]);
  });
});
