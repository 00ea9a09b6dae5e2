import { actorOf, type Caller, canAccessLocation, Conflict, type EntityId, newId, NotFound, parseEntityId, StockEvents, Unprocessable } from '@inv/shared/core';
import { type EffectGuard, isUniqueViolation, RunAgain } from '@inv/shared/db';
import { outboxMessages } from '@inv/shared/messaging';
import type { ServiceRuntime } from '@inv/shared/runtime';
import type { LedgerFacts } from '../data/ledger';
import { itemFacts, placeFacts } from '../data/projection-repository';
import { findPurchaseOrders, PURCHASE_ORDER_EXTERNAL_REF_UNIQUE, readPurchaseOrder, readReceipt } from '../data/purchase-order-repository';
import type { MovementDraft } from '../domain/ledger-plan';
import { type Money, toMoney } from '../domain/money';
import {
  actionRefusal,
  draftOrder,
  type CreatePurchaseOrderInput,
  type OrderNames,
  orderRefusal,
  planReceipt,
  presentPurchaseOrder,
  presentReceipt,
  type PurchaseOrder,
  type PurchaseOrderAction,
  type PurchaseOrderRecord,
  type Receipt,
  type ReceivePurchaseOrderInput,
  type ReceiptRecord,
  revertReceipt,
  statusByReceipts,
  type UpdatePurchaseOrderInput,
} from '../domain/purchase-orders';
import { toUnits } from '../domain/quantity';
import { identityOf, unitsTouched } from '../domain/units';
import { defaultUnitCost, labelsOf } from './ledger-facts';
import { incompleteCopies } from './owner-copies';
import { type LedgerChange, type LedgerDecision, runLedgerUnit, type StockWrite } from './ledger-unit';

/**
 * Purchase orders (docs/purchasing.md). Every change of an order is a ledger unit
 * (use-cases/ledger-unit.ts), so an order's receipt and its movements, its lines' received
 * quantities and the items' average costs commit together, under the order's row lock (racing
 * receipts queue on it; the lines' CHECK backs "never more received than ordered"). Creating and
 * changing an order move no stock but take the same path: the copies of its supplier, location and
 * items are read under their locks, caught up with the catalog when they lack one.
 */

/** How an order names its supplier, location and items: from the copies the change locked and read. */
export const orderNamesOf = (facts: LedgerFacts): OrderNames => ({
  supplier: (id) => facts.suppliers.get(id) ?? null,
  location: (id) => {
    const l = facts.locations.get(id);
    return { name: l?.name ?? null, type: l?.type ?? null };
  },
  item: (id) => {
    const i = facts.items.get(id);
    return { sku: i?.sku ?? null, description: i?.description ?? null };
  },
});

/** The refusal of an order's supplier, location and items as the locked copies know them. */
/** What an order's checks and locks read of it. */
interface OrderShape {
  supplierId: EntityId;
  locationId: EntityId;
  lines: ReadonlyArray<{ itemId: EntityId }>;
}

function refuseUnknown(caller: Caller, facts: LedgerFacts, order: OrderShape): void {
  const refusal = orderRefusal({
    access: caller.locationAccess,
    locationId: order.locationId,
    known: {
      supplierId: order.supplierId,
      supplier: facts.suppliers.has(order.supplierId),
      place: placeFacts(facts.locations.get(order.locationId)),
      items: order.lines.map((l) => ({ itemId: l.itemId, item: itemFacts(facts.items.get(l.itemId)) })),
    },
  });
  if (refusal) throw refusal;
}

/**
 * What an order's change locks: the order (when it exists) and the copies it names, its items under
 * their shared lock: a change of an item's tracking (which may not happen while it is on an open
 * order) is ordered before or after it, whole.
 */
function locksOf(order: OrderShape, purchaseOrderId?: EntityId) {
  return {
    ...(purchaseOrderId === undefined ? {} : { purchaseOrderId }),
    supplierIds: [order.supplierId],
    locationIds: [order.locationId],
    itemIds: order.lines.map((l) => l.itemId),
    itemsAddedTo: order.lines.map((l) => l.itemId),
    totals: [] as EntityId[],
    balances: [] as Array<{ itemId: EntityId; locationId: EntityId }>,
  };
}

/** A line's agreed cost: the one given, else the item's last price paid, else its catalog cost (0 when it has none). */
const lineCost = (facts: LedgerFacts, itemId: string, given: number | undefined): Money => (given !== undefined ? toMoney(given) : defaultUnitCost(facts, itemId));

/** Lines left to default their cost must know the item's catalog cost when no price was paid yet: a copy made before prices were copied asks the catalog first. */
function requirePrices(runtime: ServiceRuntime, caller: Caller, facts: LedgerFacts, lines: ReadonlyArray<{ itemId: EntityId; unitCost?: number | undefined }>): void {
  const unpriced = incompleteCopies(
    runtime,
    caller.workspace.id,
    lines.filter((l) => l.unitCost === undefined && !facts.lastCosts.has(l.itemId)).map((l) => l.itemId),
    facts.items,
    'prices',
  );
  if (unpriced) throw unpriced;
}

/** A change of orders that moves no stock (or whose movements the caller adds): the orders it writes, its answer and events. */
function orderDecision<R>(facts: LedgerFacts, orders: PurchaseOrderRecord[], result: R, events: ReturnType<typeof outboxMessages>, receipt?: NonNullable<LedgerDecision<R>['purchaseOrder']>['receipt']): LedgerDecision<R> {
  return { movements: [], reservations: [], labels: labelsOf(facts), purchaseOrder: { orders, ...(receipt ? { receipt } : {}) }, answer: () => ({ result, events }) };
}

function refuseTaken<T>(externalRef: string | null | undefined) {
  return (err: unknown): T => {
    if (isUniqueViolation(err, PURCHASE_ORDER_EXTERNAL_REF_UNIQUE)) throw new Conflict(`A purchase order with externalRef "${externalRef}" already exists.`);
    throw err;
  };
}

/** POST /purchase-orders: a draft, at the workspace's default location unless it names one. */
export async function createPurchaseOrder(runtime: ServiceRuntime, caller: Caller, input: CreatePurchaseOrderInput, guard: EffectGuard<PurchaseOrder>): Promise<StockWrite<PurchaseOrder>> {
  const locationId = input.locationId ?? parseEntityId(caller.workspace.defaultLocationId ?? '');
  if (!locationId) throw new Unprocessable('The workspace has no defaultLocationId: give the locationId the goods arrive at.', 'locationId');
  const draft = { supplierId: input.supplierId, locationId, lines: input.lines.map((l) => ({ itemId: l.itemId })) };
  const early = orderRefusal({ access: caller.locationAccess, locationId });
  if (early) throw early;
  return runLedgerUnit(runtime, caller, guard, {
    locks: { ...locksOf(draft), lastCosts: true },
    decide: (facts, now) => {
      refuseUnknown(caller, facts, draft);
      requirePrices(runtime, caller, facts, input.lines);
      const order = draftOrder(
        {
          id: newId(),
          supplierId: input.supplierId,
          locationId,
          origin: 'manual',
          createdBy: actorOf(caller),
          reference: input.reference ?? '',
          note: input.note ?? '',
          externalRef: input.externalRef ?? null,
          expectedAt: input.expectedAt ? new Date(input.expectedAt).toISOString() : null,
        },
        input.lines.map((l) => ({ itemId: l.itemId, ordered: toUnits(l.quantity), unitCost: lineCost(facts, l.itemId, l.unitCost) })),
        now,
      );
      return orderDecision(facts, [order], presentPurchaseOrder(order, orderNamesOf(facts)), []);
    },
  }).catch(refuseTaken(input.externalRef));
}

/** The order as read before the unit's transaction (what it plans its locks from); 404 when the caller may not see it. */
async function readOrder(runtime: ServiceRuntime, caller: Caller, ref: string): Promise<PurchaseOrderRecord> {
  const which = orderRef(ref);
  const order = which && (await readPurchaseOrder(runtime.pool, caller.workspace.id, which));
  if (!order || !canReadOrder(caller, order)) throw new NotFound('Purchase order');
  return order;
}

/** An order's path reference: its id, or ext_ followed by its externalRef; undefined when it can be neither. */
function orderRef(ref: string): { id: EntityId } | { externalRef: string } | undefined {
  if (ref.startsWith('ext_')) return { externalRef: ref.slice(4) };
  const id = parseEntityId(ref);
  return id ? { id } : undefined;
}

/** Orders by id or ext_<externalRef> as the API shows them, each with its record; those the caller may not read are left out. */
export async function readPurchaseOrders(runtime: ServiceRuntime, caller: Caller, ref: string): Promise<Array<{ record: PurchaseOrderRecord; order: PurchaseOrder }>> {
  const which = orderRef(ref);
  if (!which) return [];
  const { orders, names } = await findPurchaseOrders(runtime.pool, caller.workspace.id, 'id' in which ? { ids: [which.id] } : which);
  return orders.filter((o) => canReadOrder(caller, o)).map((record) => ({ record, order: presentPurchaseOrder(record, names) }));
}

/** A member restricted to some locations sees the orders arriving where it may read. */
function canReadOrder(caller: Caller, order: Pick<PurchaseOrderRecord, 'locationId'>): boolean {
  return canAccessLocation(caller.locationAccess, order.locationId, 'read');
}

/**
 * Runs a change of an existing order: planned from the order as read, decided under its lock from
 * the order as locked. When the order changed between the two in a way the plan depends on (its
 * supplier, location or items: what is locked), the unit runs again.
 */
function changeOrder<R>(
  runtime: ServiceRuntime,
  caller: Caller,
  ref: string,
  guard: EffectGuard<R>,
  plan: (read: PurchaseOrderRecord) => Promise<OrderPlan> | OrderPlan,
  decide: (order: PurchaseOrderRecord, facts: LedgerFacts, now: Date) => LedgerDecision<R>,
): Promise<StockWrite<R>> {
  return runLedgerUnit(runtime, caller, guard, async () => {
    const read = await readOrder(runtime, caller, ref);
    const planned = await plan(read);
    const shape = (o: PurchaseOrderRecord) => `${o.supplierId}/${o.locationId}/${o.lines.map((l) => l.itemId).join(',')}`;
    return {
      locks: { ...locksOf(read, read.id), ...planned.locks },
      ...(planned.prepare ? { prepare: planned.prepare } : {}),
      decide: (facts, now) => {
        const order = facts.purchaseOrder;
        if (!order) throw new NotFound('Purchase order');
        if (shape(order) !== shape(read)) throw new RunAgain('the purchase order changed while its change was planned');
        const early = orderRefusal({ access: caller.locationAccess, locationId: order.locationId });
        if (early) throw early;
        return decide(order, facts, now);
      },
    };
  });
}

interface OrderPlan {
  locks?: Partial<ReturnType<typeof locksOf>>;
  prepare?: LedgerChange<unknown>['prepare'];
}

function refuseAction(order: PurchaseOrderRecord, action: PurchaseOrderAction): void {
  const refusal = actionRefusal(order, action);
  if (refusal) throw refusal;
}

/** PATCH /purchase-orders/{id}: a draft's fields and lines (409 naming the status otherwise). */
export async function updatePurchaseOrder(runtime: ServiceRuntime, caller: Caller, ref: string, input: UpdatePurchaseOrderInput, guard: EffectGuard<PurchaseOrder>): Promise<StockWrite<PurchaseOrder>> {
  const early = input.locationId === undefined ? undefined : orderRefusal({ access: caller.locationAccess, locationId: input.locationId });
  if (early) throw early;
  return changeOrder(
    runtime,
    caller,
    ref,
    guard,
    (read) => {
      const next = { supplierId: input.supplierId ?? read.supplierId, locationId: input.locationId ?? read.locationId, lines: input.lines ?? read.lines };
      const locks = locksOf(next);
      // The copies of both the order's and the change's supplier, location and items are read.
      return {
        locks: {
          supplierIds: [...new Set([read.supplierId, ...locks.supplierIds])],
          locationIds: [...new Set([read.locationId, ...locks.locationIds])],
          itemIds: [...new Set([...read.lines.map((l) => l.itemId), ...locks.itemIds])],
          itemsAddedTo: locks.itemsAddedTo,
          lastCosts: true,
        },
      };
    },
    (order, facts, now) => {
      refuseAction(order, 'edit');
      requirePrices(runtime, caller, facts, (input.lines ?? []).filter((l) => !order.lines.some((o) => o.itemId === l.itemId)));
      const lines = input.lines
        ? input.lines.map((l) => ({ itemId: l.itemId, ordered: toUnits(l.quantity), received: 0n, receivedValue: 0n, unitCost: l.unitCost !== undefined ? toMoney(l.unitCost) : (order.lines.find((o) => o.itemId === l.itemId)?.unitCost ?? lineCost(facts, l.itemId, undefined)) }))
        : order.lines;
      const next: PurchaseOrderRecord = {
        ...order,
        supplierId: input.supplierId ?? order.supplierId,
        locationId: input.locationId ?? order.locationId,
        reference: input.reference ?? order.reference,
        note: input.note ?? order.note,
        externalRef: input.externalRef === undefined ? order.externalRef : input.externalRef,
        expectedAt: input.expectedAt === undefined ? order.expectedAt : input.expectedAt === null ? null : new Date(input.expectedAt).toISOString(),
        lines,
        version: order.version + 1,
        updatedAt: now.toISOString(),
      };
      refuseUnknown(caller, facts, next);
      return orderDecision(facts, [next], presentPurchaseOrder(next, orderNamesOf(facts)), []);
    },
  ).catch(refuseTaken(input.externalRef));
}

const EVENT_OF = { submit: StockEvents.purchaseOrderSubmitted, close: StockEvents.purchaseOrderClosed, cancel: StockEvents.purchaseOrderCancelled } as const;

/** submit (draft → ordered), close (ordered or partially received → closed), cancel (draft, or ordered with nothing received → cancelled). */
export async function transitionPurchaseOrder(runtime: ServiceRuntime, caller: Caller, ref: string, action: 'submit' | 'close' | 'cancel', guard: EffectGuard<PurchaseOrder>): Promise<StockWrite<PurchaseOrder>> {
  // What is on order shows on the receiving location's balances: a submit makes each line's balance (on-hand 0 where stock has never been).
  const balances = (read: PurchaseOrderRecord) => (action === 'submit' ? { locks: { balances: read.lines.map((l) => ({ itemId: l.itemId, locationId: read.locationId })) } } : {});
  return changeOrder(runtime, caller, ref, guard, balances, (order, facts, now) => {
    refuseAction(order, action);
    const at = now.toISOString();
    const status = action === 'submit' ? 'ordered' : action === 'close' ? 'closed' : 'cancelled';
    const stamp = action === 'submit' ? { submittedAt: at } : action === 'close' ? { closedAt: at } : { cancelledAt: at };
    const next: PurchaseOrderRecord = { ...order, status, ...stamp, version: order.version + 1, updatedAt: at };
    const shown = presentPurchaseOrder(next, orderNamesOf(facts));
    return orderDecision(facts, [next], shown, outboxMessages(EVENT_OF[action], caller.workspace.id, [{ purchaseOrder: shown }], caller.requestId, actorOf(caller)));
  });
}

/**
 * POST /purchase-orders/{id}/receipts: all or nothing, each line one receipt movement at the
 * order's location (reason received) carrying the order, the receipt and the unit cost (the
 * line's unless the receipt gives one), which moves the item's average cost. More than is open on
 * a line is a 422 naming the item and what is open; an order that does not receive is a 409.
 */
export async function receivePurchaseOrder(runtime: ServiceRuntime, caller: Caller, ref: string, input: ReceivePurchaseOrderInput, guard: EffectGuard<Receipt>): Promise<StockWrite<Receipt>> {
  const itemIds = input.lines.map((l) => l.itemId);
  return changeOrder(
    runtime,
    caller,
    ref,
    guard,
    (read) => ({
      locks: {
        itemIds: [...new Set([...read.lines.map((l) => l.itemId), ...itemIds])],
        itemsAddedTo: itemIds,
        totals: itemIds,
        balances: itemIds.map((itemId) => ({ itemId, locationId: read.locationId })),
        units: unitsTouched(input.lines.map((l) => ({ itemId: l.itemId, locationId: read.locationId, units: identityOf(l) }))),
      },
    }),
    (order, facts, now) => {
      refuseAction(order, 'receive');
      const labels = labelsOf(facts);
      const planned = planReceipt(
        order,
        input.lines.map((l) => {
          const units = identityOf(l);
          return { itemId: l.itemId, quantity: toUnits(l.quantity), ...(l.unitCost === undefined ? {} : { unitCost: toMoney(l.unitCost) }), ...(units ? { units } : {}) };
        }),
        labels.item,
      );
      // The goods arrive now: the location must still take stock and the items still track it.
      refuseUnknown(caller, facts, { supplierId: order.supplierId, locationId: order.locationId, lines: planned.received });
      const at = now.toISOString();
      const receipt: ReceiptRecord = {
        id: newId(),
        purchaseOrderId: order.id,
        lines: planned.received,
        reference: input.reference ?? order.reference,
        note: input.note ?? '',
        createdAt: at,
        createdBy: actorOf(caller),
        revertedAt: null,
        costVariance: null,
      };
      const status = statusByReceipts(order.status, planned.lines);
      const next: PurchaseOrderRecord = { ...order, lines: planned.lines, status, receivedAt: status === 'received' ? at : null, version: order.version + 1, updatedAt: at };
      const movements: MovementDraft[] = planned.received.map((l, index) => ({
        itemId: l.itemId,
        locationId: order.locationId,
        type: 'receipt',
        quantity: l.quantity,
        transferId: null,
        operationId: null,
        reason: 'received',
        reference: receipt.reference,
        note: receipt.note,
        unitCost: l.unitCost,
        purchaseOrderId: order.id,
        receiptId: receipt.id,
        param: `lines[${index}].quantity`,
        at: `lines[${index}]`,
        ...(l.units ? { units: l.units } : {}),
      }));
      const shownReceipt = presentReceipt(receipt);
      const event = outboxMessages(StockEvents.purchaseOrderReceived, caller.workspace.id, [{ purchaseOrder: presentPurchaseOrder(next, orderNamesOf(facts)), receipt: shownReceipt }], caller.requestId, actorOf(caller));
      return { ...orderDecision(facts, [next], shownReceipt, event, { created: receipt }), movements };
    },
  );
}

/**
 * POST /purchase-orders/{id}/receipts/{receiptId}/revert: takes back what the receipt added
 * (adjustments, reason receipt_reverted, at the receipt's costs: the average moves back), its
 * quantities leave the order's received and the status follows them (a closed order stays
 * closed). 422 naming the item and location when the stock is no longer there; 409 when reverted.
 * The receipt's row is locked first (FOR UPDATE): of two reverts, the second finds it reverted.
 */
export async function revertPurchaseOrderReceipt(runtime: ServiceRuntime, caller: Caller, ref: string, receiptId: string, guard: EffectGuard<Receipt>): Promise<StockWrite<Receipt>> {
  const id = parseEntityId(receiptId);
  if (!id) throw new NotFound('Receipt');
  let receipt: ReceiptRecord | undefined;
  let revertedAt: Date | null | undefined;
  return changeOrder(
    runtime,
    caller,
    ref,
    guard,
    async (read) => {
      // Its lines never change: read once, before the transaction; whether it was reverted is read under its lock.
      receipt = await readReceipt(runtime.pool, caller.workspace.id, read.id, id);
      if (!receipt) throw new NotFound('Receipt');
      const itemIds = receipt.lines.map((l) => l.itemId);
      return {
        locks: {
          itemIds: read.lines.map((l) => l.itemId),
          itemsAddedTo: [],
          totals: itemIds,
          balances: itemIds.map((itemId) => ({ itemId, locationId: read.locationId })),
            receiptCosts: id,
          units: unitsTouched(receipt.lines.map((l) => ({ itemId: l.itemId, locationId: read.locationId, units: l.units }))),
        },
        prepare: (tx) => [
          tx
            .query<{ reverted_at: Date | null }>('SELECT reverted_at FROM purchase_order_receipts WHERE workspace_id = $1 AND purchase_order_id = $2 AND id = $3 FOR UPDATE', [caller.workspace.id, read.id, id])
            .then(({ rows }) => {
              revertedAt = rows.length === 0 ? undefined : rows[0]!.reverted_at;
            }),
        ],
      };
    },
    (order, facts, now) => {
      if (!receipt || revertedAt === undefined) throw new NotFound('Receipt');
      if (revertedAt !== null) throw new Conflict(`Receipt ${id} of purchase order ${order.id} was already reverted.`);
      refuseAction(order, 'revert_receipt');
      const at = now.toISOString();
      const lines = revertReceipt(order, receipt);
      const status = order.status === 'closed' ? 'closed' : statusByReceipts(order.status, lines);
      const next: PurchaseOrderRecord = { ...order, lines, status, receivedAt: status === 'received' ? order.receivedAt : null, version: order.version + 1, updatedAt: at };
      const taken = receipt;
      const movements: MovementDraft[] = taken.lines.map((l) => ({
        itemId: l.itemId,
        locationId: order.locationId,
        type: 'adjustment',
        quantity: -l.quantity,
        transferId: null,
        operationId: null,
        reason: 'receipt_reverted',
        reference: taken.reference,
        note: `Revert of receipt ${taken.id} of purchase order ${order.id}`,
        unitCost: l.unitCost,
        revertsCost: true,
        purchaseOrderId: order.id,
        receiptId: taken.id,
        // The exact serials and lots it brought go back (one of them moved or used since: 422 naming it).
        ...(l.units ? { units: l.units } : {}),
      }));
      const decision = orderDecision(facts, [next], undefined, [], { reverted: { id: taken.id, at: now } });
      return {
        ...decision,
        movements,
        answer: (written) => {
          const costVariance = written.reduce((sum, m) => sum + (m.costVariance ?? 0n), 0n);
          const shownReceipt = presentReceipt({ ...taken, revertedAt: at, costVariance });
          const payload = { purchaseOrder: presentPurchaseOrder(next, orderNamesOf(facts)), receipt: shownReceipt };
          return { result: shownReceipt, events: outboxMessages(StockEvents.purchaseOrderReceiptReverted, caller.workspace.id, [payload], caller.requestId, actorOf(caller)) };
        },
      };
    },
  );
}
