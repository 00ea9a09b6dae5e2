import { ApiId, ApiTimestamp, canAccessLocation, ExpiresOn, LotCode, refineExpiryWithLot, refineLinesPerItem, refineSerialTotal, SerialNumbers, Conflict, type Contention, EntityIdSchema, type EntityId, type Forbidden, type LocationAccess, Unprocessable, z } from '@inv/shared/core';
import { type ItemFacts, itemRefusal, NoWriteAccess, type PlaceFacts, placeRefusal } from './stock-policy';
import { ExternalRef } from './job-requests';
import { fromMoney, fromSignedMoney, lineAmount, type Money, MONEY_DECIMALS, type Value, valueToCents } from './money';
import { fromUnits, MAX_QUANTITY, PositiveQuantity, QUANTITY_DECIMALS, type Units } from './quantity';
import { ActorRecord } from './stock-records';
import { hasLot, shownIdentity, type UnitIdentity } from './units';

/**
 * Purchase orders (docs/purchasing.md): what is ordered from a supplier for one receiving location,
 * received against in receipts, all or nothing per receipt. Pure: the states, what each action may
 * do from each, a receipt's and a revert's effect on the order's lines.
 *
 *   draft ──submit──▶ ordered ──receipt──▶ partially_received ──receipt──▶ received
 *     │                 │  ╲                     │
 *     └──cancel──▶ cancelled (nothing received)  └──close──▶ closed (the rest is no longer on order)
 */

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'closed', 'cancelled'] as const;
export const PurchaseOrderStatus = z.enum(PURCHASE_ORDER_STATUSES);
export type PurchaseOrderStatus = z.infer<typeof PurchaseOrderStatus>;

export const MAX_PURCHASE_ORDER_LINES = 500;
/** Unit costs carry at most money's decimals (6) and stay below this. */
export const MAX_UNIT_COST = 1_000_000_000;

export const UnitCost = z
  .number()
  .min(0)
  .max(MAX_UNIT_COST)
  .refine((v) => Number(v.toFixed(MONEY_DECIMALS)) === v, { message: `must have at most ${MONEY_DECIMALS} decimal places` })
  .openapi({ description: `Cost of one unit in the workspace's currency, ≥ 0, at most ${MONEY_DECIMALS} decimals`, example: 5.25 });

const ItemId = EntityIdSchema.openapi({ description: 'A stock-tracked item of the workspace', example: '3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37' });
const Quantity = PositiveQuantity.openapi({ description: `> 0 and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals`, example: 10 });

/** Lines naming each item once: a second line of an item is a 400 naming its itemId. */
function eachItemOnce<T extends { itemId: string }>(line: z.ZodType<T>) {
  return z
    .array(line)
    .min(1)
    .max(MAX_PURCHASE_ORDER_LINES)
    .superRefine((lines, check) => {
      const seen = new Map<string, number>();
      lines.forEach((l, index) => {
        const first = seen.get(l.itemId.toLowerCase());
        if (first !== undefined) check.addIssue({ code: 'custom', path: [index, 'itemId'], message: `is the same item as lines[${first}]; give each item once` });
        else seen.set(l.itemId.toLowerCase(), index);
      });
    })
    .openapi({ description: `1 to ${MAX_PURCHASE_ORDER_LINES} lines, each item once` });
}

const OrderLine = z.strictObject({
  itemId: ItemId,
  quantity: Quantity.openapi({ description: `Quantity ordered: > 0 and ≤ ${MAX_QUANTITY}, at most ${QUANTITY_DECIMALS} decimals` }),
  unitCost: UnitCost.optional().openapi({ description: "The agreed cost of one unit; default the item's catalog cost" }),
});

const Reference = z.string().max(100).openapi({ description: "Your reference (the supplier's order number), up to 100 characters; default \"\"", example: 'PO-2026-0042' });
const Note = z.string().max(2000).openapi({ description: 'Up to 2,000 characters; default ""' });
const ExpectedAt = z.iso.datetime({ offset: true }).nullable().openapi({ description: 'When the goods are expected (ISO 8601); null: not said', example: '2026-12-03T08:00:00Z' });

export const CreatePurchaseOrderBody = z
  .strictObject({
    supplierId: EntityIdSchema.openapi({ description: 'A supplier of the workspace (422 otherwise)', example: '0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60' }),
    locationId: EntityIdSchema.optional().openapi({ description: "Where the goods arrive: an active location; default the workspace's defaultLocationId" }),
    reference: Reference.optional(),
    expectedAt: ExpectedAt.optional(),
    note: Note.optional(),
    externalRef: ExternalRef.optional().openapi({ description: 'Your own reference, unique per workspace (409 when taken); GET /purchase-orders/ext_{externalRef} finds the order by it' }),
    lines: eachItemOnce(OrderLine),
  })
  .openapi('CreatePurchaseOrder');
export type CreatePurchaseOrderInput = z.output<typeof CreatePurchaseOrderBody>;

export const UpdatePurchaseOrderBody = z
  .strictObject({
    supplierId: CreatePurchaseOrderBody.shape.supplierId.optional(),
    locationId: EntityIdSchema.optional().openapi({ description: 'Where the goods arrive: an active location' }),
    reference: Reference.optional(),
    expectedAt: ExpectedAt.optional(),
    note: Note.optional(),
    externalRef: ExternalRef.nullable().optional().openapi({ description: 'Your own reference, unique per workspace; null clears it' }),
    lines: eachItemOnce(OrderLine).optional().openapi({ description: 'The whole new set of lines (1 to 500, each item once)' }),
  })
  .openapi('UpdatePurchaseOrder');
export type UpdatePurchaseOrderInput = z.output<typeof UpdatePurchaseOrderBody>;

const ReceiptLine = z.strictObject({
  itemId: ItemId.openapi({ description: 'An item of the order; an item may be on several lines when their lots differ' }),
  quantity: Quantity.openapi({ description: `Quantity received: > 0, at most what is open on the order's line (422 otherwise), at most ${QUANTITY_DECIMALS} decimals` }),
  unitCost: UnitCost.optional().openapi({ description: "What one unit cost (the invoice's price); default the order line's unitCost" }),
  serials: SerialNumbers.optional().openapi({ description: "A serial-tracked item's serials, one per unit received (required for such an item; 400 for others)" }),
  lot: LotCode.optional().openapi({ description: "A lot-tracked item's lot (required for such an item; 400 for others)" }),
  expiresOn: ExpiresOn.optional().openapi({ description: "The lot's expiry date, with lot (400 without one)" }),
}).superRefine(refineExpiryWithLot);

/** A receipt's lines: each item once, unless its lines name different lots; at most 5,000 serials in all. */
function receiptLines() {
  return z
    .array(ReceiptLine)
    .min(1)
    .max(MAX_PURCHASE_ORDER_LINES)
    .superRefine((lines, check) => {
      refineLinesPerItem(lines, check);
      refineSerialTotal(lines, check);
    })
    .openapi({ description: `1 to ${MAX_PURCHASE_ORDER_LINES} lines, each item once unless its lines name different lots` });
}

/** How far a receipt's unit cost may be from its order line's before the receipt warns of it (docs/purchasing.md#a-price-far-from-the-order). */
export const PRICE_TOLERANCE_PERCENT = 25n;

export const ReceivePurchaseOrderBody = z
  .strictObject({
    lines: receiptLines(),
    reference: Reference.optional().openapi({ description: 'Your reference (the delivery note), up to 100 characters; on each movement; default the order\'s reference' }),
    note: Note.optional(),
  })
  .openapi('ReceivePurchaseOrder');
export type ReceivePurchaseOrderInput = z.output<typeof ReceivePurchaseOrderBody>;

export const NoPurchaseOrderFields = z.strictObject({}).openapi('NoPurchaseOrderFields', { description: 'No fields; the body may be left out' });

/** One line of an order, as stored. */
export interface PurchaseOrderLine {
  itemId: EntityId;
  ordered: Units;
  received: Units;
  /** Σ quantity × unit cost of what was received (exact, not rounded), net of reverted receipts. */
  receivedValue: Value;
  unitCost: Money;
}

export interface PurchaseOrderRecord {
  id: EntityId;
  supplierId: EntityId;
  locationId: EntityId;
  status: PurchaseOrderStatus;
  reference: string;
  note: string;
  externalRef: string | null;
  expectedAt: string | null;
  origin: 'manual' | 'replenishment';
  version: number;
  createdAt: string;
  createdBy: { userId: string; keyId: string };
  updatedAt: string;
  submittedAt: string | null;
  receivedAt: string | null;
  closedAt: string | null;
  cancelledAt: string | null;
  lines: PurchaseOrderLine[];
}

export interface ReceiptLineRecord {
  itemId: EntityId;
  quantity: Units;
  unitCost: Money;
  /** The order line's unit cost when it was received (absent on receipts recorded before it was kept). */
  orderedUnitCost?: Money;
  /** The serials or lot it brought (a tracked item's), as decided by the ledger; what its revert takes back. */
  units?: UnitIdentity;
}

export interface ReceiptRecord {
  id: EntityId;
  purchaseOrderId: EntityId;
  lines: ReceiptLineRecord[];
  reference: string;
  note: string;
  createdAt: string;
  createdBy: { userId: string; keyId: string };
  revertedAt: string | null;
  /** What its revert could not take back at its own costs (Σ of the revert's movements' variances, exact); null until reverted. */
  costVariance: Value | null;
}

/** A new draft order: version 1, nothing received, stamped at `now` by `createdBy`. */
export function draftOrder(
  fields: Pick<PurchaseOrderRecord, 'id' | 'supplierId' | 'locationId' | 'origin' | 'createdBy'> & Partial<Pick<PurchaseOrderRecord, 'reference' | 'note' | 'externalRef' | 'expectedAt'>>,
  lines: ReadonlyArray<{ itemId: EntityId; ordered: Units; unitCost: Money }>,
  now: Date,
): PurchaseOrderRecord {
  const at = now.toISOString();
  return {
    reference: '',
    note: '',
    externalRef: null,
    expectedAt: null,
    ...fields,
    status: 'draft',
    version: 1,
    createdAt: at,
    updatedAt: at,
    submittedAt: null,
    receivedAt: null,
    closedAt: null,
    cancelledAt: null,
    lines: lines.map((l) => ({ ...l, received: 0n, receivedValue: 0n })),
  };
}

/** Statuses in which an order still receives: its open quantities are on order. */
const RECEIVING: readonly PurchaseOrderStatus[] = ['ordered', 'partially_received'];
/** Statuses with open quantities: a draft's are drafted, the others' on order. */
export const OPEN_STATUSES: readonly PurchaseOrderStatus[] = ['draft', ...RECEIVING];

export type PurchaseOrderAction = 'edit' | 'submit' | 'receive' | 'close' | 'cancel' | 'revert_receipt';

/** 409 naming the status when the action is not allowed from it; undefined when it is. */
export function actionRefusal(order: Pick<PurchaseOrderRecord, 'id' | 'status' | 'lines'>, action: PurchaseOrderAction): Conflict | undefined {
  const { status } = order;
  const allowed =
    action === 'edit' || action === 'submit'
      ? status === 'draft'
      : action === 'receive' || action === 'close'
        ? RECEIVING.includes(status)
        : action === 'cancel'
          ? status === 'draft' || (status === 'ordered' && order.lines.every((l) => l.received === 0n))
          : status !== 'draft' && status !== 'cancelled';
  if (allowed) return undefined;
  const why: Record<PurchaseOrderAction, string> = {
    edit: 'only a draft can be changed',
    submit: 'only a draft can be submitted',
    receive: 'only an ordered or partially received order receives',
    close: 'only an ordered or partially received order can be closed',
    cancel: 'only a draft, or an ordered order with nothing received, can be cancelled',
    revert_receipt: 'its receipts cannot be reverted',
  };
  return new Conflict(`Purchase order ${order.id} is ${status}: ${why[action]}.`);
}

/** What is still to come on a line: ordered − received while the order can receive (or is a draft), 0 once it is received, closed or cancelled. */
export function openOf(status: PurchaseOrderStatus, line: Pick<PurchaseOrderLine, 'ordered' | 'received'>): Units {
  return status === 'draft' || RECEIVING.includes(status) ? line.ordered - line.received : 0n;
}

/** The status its receipts give an order that receives: received when every line is, partially when any is. A closed order stays closed. */
export function statusByReceipts(status: PurchaseOrderStatus, lines: readonly PurchaseOrderLine[]): PurchaseOrderStatus {
  if (status === 'closed') return status;
  if (lines.every((l) => l.received === l.ordered)) return 'received';
  return lines.some((l) => l.received > 0n) ? 'partially_received' : 'ordered';
}

/**
 * A receipt's effect on the order (all or nothing): each line names an item of the order and at most
 * what is open on it (422 naming the item and what is open, param lines[i].quantity), at the cost it
 * gives or the order line's. Answers the receipt's lines and the order's lines after it.
 */
export function planReceipt(
  order: PurchaseOrderRecord,
  lines: ReadonlyArray<{ itemId: EntityId; quantity: Units; unitCost?: Money; units?: UnitIdentity }>,
  itemLabel: (id: string) => string,
): { received: ReceiptLineRecord[]; lines: PurchaseOrderLine[] } {
  const after = new Map(order.lines.map((l) => [l.itemId, { ...l }]));
  const received = lines.map((asked, index) => {
    const line = after.get(asked.itemId);
    if (!line) throw new Unprocessable(`Item ${itemLabel(asked.itemId)} is not on purchase order ${order.id}; nothing was received.`, `lines[${index}].itemId`);
    const open = openOf(order.status, line);
    if (asked.quantity > open) {
      throw new Unprocessable(
        `Item ${itemLabel(asked.itemId)}: ${fromUnits(open)} open on purchase order ${order.id} (${fromUnits(line.ordered)} ordered, ${fromUnits(line.received)} received), ${fromUnits(asked.quantity)} received; nothing was received.`,
        `lines[${index}].quantity`,
      );
    }
    const unitCost = asked.unitCost ?? line.unitCost;
    line.received += asked.quantity;
    line.receivedValue += asked.quantity * unitCost;
    return { itemId: asked.itemId, quantity: asked.quantity, unitCost, orderedUnitCost: line.unitCost, ...(asked.units ? { units: asked.units } : {}) };
  });
  return { received, lines: order.lines.map((l) => after.get(l.itemId)!) };
}

/**
 * How far a receipt line's cost is from its order line's, in percent of the order line's (2
 * decimals, half away from zero; negative below it); null when the order line is at 0 (no price to
 * compare with) or the receipt predates the comparison.
 */
export function priceVariancePercent(line: Pick<ReceiptLineRecord, 'unitCost' | 'orderedUnitCost'>): number | null {
  if (line.orderedUnitCost === undefined || line.orderedUnitCost === 0n) return null;
  const difference = line.unitCost - line.orderedUnitCost;
  const magnitude = difference < 0n ? -difference : difference;
  const hundredths = (magnitude * 20_000n + line.orderedUnitCost) / (2n * line.orderedUnitCost);
  return (difference < 0n ? -1 : 1) * Number(hundredths) / 100;
}

/** The warnings of a receipt: each line whose cost is more than PRICE_TOLERANCE_PERCENT away from its order line's, worded with what to do. */
export function priceWarnings(lines: ReadonlyArray<Pick<ReceiptLineRecord, 'itemId' | 'unitCost' | 'orderedUnitCost'>>): string[] {
  return lines.flatMap((line, index) => {
    const percent = priceVariancePercent(line);
    if (percent === null || Math.abs(percent) <= Number(PRICE_TOLERANCE_PERCENT)) return [];
    return [
      `lines[${index}]: unitCost ${fromMoney(line.unitCost)} is ${Math.abs(percent)}% ${percent > 0 ? 'above' : 'below'} the order line's ${fromMoney(line.orderedUnitCost!)}; it moved the item's average cost. If it was mistyped, revert this receipt and receive it again at the right cost (or correct the average with POST /inventory/revaluations).`,
    ];
  });
}

/** The order's lines once a receipt is taken back: its quantities and their value leave what was received (an item's lines of several lots together). */
export function revertReceipt(order: PurchaseOrderRecord, receipt: ReceiptRecord): PurchaseOrderLine[] {
  return order.lines.map((l) => {
    const back = receipt.lines.filter((r) => r.itemId === l.itemId);
    if (back.length === 0) return l;
    return {
      ...l,
      received: l.received - back.reduce((sum, r) => sum + r.quantity, 0n),
      receivedValue: l.receivedValue - back.reduce((sum, r) => sum + r.quantity * r.unitCost, 0n),
    };
  });
}

const Amount = z.number().openapi({ example: 10 });
const Named = z.object({ id: ApiId, name: z.string().nullable() });

export const PurchaseOrderLineView = z.object({
  itemId: ApiId,
  item: z.object({ id: ApiId, sku: z.string().nullable(), description: z.string().nullable() }).openapi({ description: "The item as the stock service's copy names it now" }),
  ordered: Amount.openapi({ description: 'Quantity ordered' }),
  received: Amount.openapi({ description: 'Quantity received so far (net of reverted receipts)' }),
  open: Amount.openapi({ description: 'ordered − received while the order is a draft or can still receive; 0 once it is received, closed or cancelled' }),
  unitCost: Amount.openapi({ description: "The agreed cost of one unit (the item's catalog cost unless given)", example: 5.25 }),
});

export const PurchaseOrder = z
  .object({
    id: ApiId,
    status: PurchaseOrderStatus.openapi({ description: 'draft → ordered → partially_received → received; ordered or partially_received → closed; draft, or ordered with nothing received → cancelled' }),
    supplierId: ApiId,
    supplier: Named.openapi({ description: 'The supplier as the catalog names it' }),
    locationId: ApiId.openapi({ description: 'Where the goods arrive' }),
    location: z.object({ id: ApiId, name: z.string().nullable(), type: z.string().nullable() }).openapi({ description: 'The receiving location as the locations service names it' }),
    reference: z.string(),
    note: z.string(),
    externalRef: z.string().nullable(),
    expectedAt: ApiTimestamp.nullable(),
    origin: z.enum(['manual', 'replenishment']).openapi({ description: 'What created it: manual (POST /purchase-orders) or replenishment (POST /inventory/replenishment)' }),
    orderedValue: Amount.openapi({ description: 'Σ ordered × unitCost, rounded to cents', example: 52.5 }),
    receivedValue: Amount.openapi({ description: 'Σ received × the cost each receipt took it in at, rounded to cents', example: 31.5 }),
    lines: z.array(PurchaseOrderLineView),
    createdAt: ApiTimestamp,
    createdBy: ActorRecord,
    updatedAt: ApiTimestamp,
    submittedAt: ApiTimestamp.nullable(),
    receivedAt: ApiTimestamp.nullable().openapi({ description: 'When its last line was fully received; null until then' }),
    closedAt: ApiTimestamp.nullable(),
    cancelledAt: ApiTimestamp.nullable(),
  })
  .openapi('PurchaseOrder', { description: 'An order of items from a supplier, received at one location in receipts.' });
export type PurchaseOrder = z.infer<typeof PurchaseOrder>;

export const Receipt = z
  .object({
    id: ApiId,
    purchaseOrderId: ApiId,
    lines: z.array(
      z.object({
        itemId: ApiId,
        quantity: Amount,
        unitCost: Amount.openapi({ description: 'The cost it came in at' }),
        orderedUnitCost: Amount.nullable().openapi({ description: "The order line's unit cost when it was received (null on receipts recorded before it was kept)", example: 180 }),
        serials: z.array(z.string()).nullable().openapi({ description: "The serials it brought (a serial-tracked item's); null otherwise", example: null }),
        lot: z.string().nullable().openapi({ description: "The lot it brought (a lot-tracked item's); null otherwise", example: null }),
        expiresOn: z.string().nullable().openapi({ description: "The expiry it gave its lot; null otherwise", example: null }),
        priceVariancePercent: Amount.nullable().openapi({
          description: "(unitCost − orderedUnitCost) / orderedUnitCost × 100, to 2 decimals (negative below the order's price); null when the order line is at 0 or orderedUnitCost is null",
          example: 0,
        }),
      }),
    ),
    warnings: z.array(z.string()).openapi({
      description: `One sentence per line whose unitCost is more than ${PRICE_TOLERANCE_PERCENT}% above or below its order line's (a mistyped price moves the average cost of every unit on hand): the receipt is recorded, and the warning says how to undo it. Empty otherwise`,
      example: [],
    }),
    reference: z.string(),
    note: z.string(),
    createdAt: ApiTimestamp,
    revertedAt: ApiTimestamp.nullable().openapi({ description: 'When a revert took it back; null otherwise', example: null }),
    costVariance: Amount.nullable().openapi({
      description:
        "Once reverted: what the revert could not take back at the receipt's own costs, rounded to cents (the sum of its movements' costVariance; docs/purchasing.md). 0 when everything was taken back at cost; null until reverted",
      example: null,
    }),
  })
  .openapi('PurchaseOrderReceipt', { description: 'Goods received against a purchase order: one receipt movement per line.' });
export type Receipt = z.infer<typeof Receipt>;

export interface OrderNames {
  supplier(id: string): string | null;
  location(id: string): { name: string | null; type: string | null };
  item(id: string): { sku: string | null; description: string | null };
}

export function presentPurchaseOrder(o: PurchaseOrderRecord, names: OrderNames): PurchaseOrder {
  return {
    id: o.id,
    status: o.status,
    supplierId: o.supplierId,
    supplier: { id: o.supplierId, name: names.supplier(o.supplierId) },
    locationId: o.locationId,
    location: { id: o.locationId, ...names.location(o.locationId) },
    reference: o.reference,
    note: o.note,
    externalRef: o.externalRef,
    expectedAt: o.expectedAt,
    origin: o.origin,
    orderedValue: fromMoney(o.lines.reduce((sum, l) => sum + lineAmount(l.ordered, l.unitCost), 0n)),
    receivedValue: fromMoney(valueToCents(o.lines.reduce((sum, l) => sum + l.receivedValue, 0n))),
    lines: o.lines.map((l) => ({
      itemId: l.itemId,
      item: { id: l.itemId, ...names.item(l.itemId) },
      ordered: fromUnits(l.ordered),
      received: fromUnits(l.received),
      open: fromUnits(openOf(o.status, l)),
      unitCost: fromMoney(l.unitCost),
    })),
    createdAt: o.createdAt,
    createdBy: o.createdBy,
    updatedAt: o.updatedAt,
    submittedAt: o.submittedAt,
    receivedAt: o.receivedAt,
    closedAt: o.closedAt,
    cancelledAt: o.cancelledAt,
  };
}

export function presentReceipt(r: ReceiptRecord): Receipt {
  return {
    id: r.id,
    purchaseOrderId: r.purchaseOrderId,
    lines: r.lines.map((l) => ({
      itemId: l.itemId,
      quantity: fromUnits(l.quantity),
      unitCost: fromMoney(l.unitCost),
      orderedUnitCost: l.orderedUnitCost === undefined ? null : fromMoney(l.orderedUnitCost),
      priceVariancePercent: priceVariancePercent(l),
      ...shownIdentity(l.units),
      expiresOn: hasLot(l.units) ? (l.units.expiresOn ?? null) : null,
    })),
    warnings: priceWarnings(r.lines),
    reference: r.reference,
    note: r.note,
    createdAt: r.createdAt,
    revertedAt: r.revertedAt,
    costVariance: r.costVariance === null ? null : fromSignedMoney(valueToCents(r.costVariance)),
  };
}

/**
 * Who may order what where (policy): a caller needs write access to the receiving location (403);
 * the supplier must be one of the workspace's (422 naming supplierId); the location must exist, be
 * active and open to new stock (422 naming locationId); every item must exist and track stock (422
 * naming lines[i].itemId). `known` once the copies are locked; before that only access is checked.
 */
export function orderRefusal(facts: {
  access: LocationAccess;
  locationId: EntityId;
  known?: { supplierId: EntityId; supplier: boolean; place: PlaceFacts | undefined; items: ReadonlyArray<{ itemId: EntityId; item: ItemFacts | undefined }> };
}): Forbidden | Unprocessable | Contention | undefined {
  if (!canAccessLocation(facts.access, facts.locationId, 'write')) return new NoWriteAccess(facts.locationId, 'To order stock for it');
  const known = facts.known;
  if (!known) return undefined;
  if (!known.supplier) return new Unprocessable(`Supplier ${known.supplierId} does not exist.`, 'supplierId');
  const place = placeRefusal(known.place, facts.locationId, { addsStock: true, requireActive: true });
  if (place) return new Unprocessable(place.message, 'locationId');
  for (const [index, line] of known.items.entries()) {
    const item = itemRefusal(line.item, line.itemId, '', true);
    if (item) return item instanceof Unprocessable ? new Unprocessable(item.message, `lines[${index}].itemId`) : item;
  }
  return undefined;
}
