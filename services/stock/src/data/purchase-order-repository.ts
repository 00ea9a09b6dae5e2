import type { EntityId } from '@inv/shared/core';
import { boundedCountSql, cursorTimeSql, keysetPage, type PageRequest, type TimeIdKey } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import { moneyToDecimal, toMoney, toValue, valueToDecimal } from '../domain/money';
import { OPEN_STATUSES, type OrderNames, type PurchaseOrderRecord, type PurchaseOrderStatus, type ReceiptRecord } from '../domain/purchase-orders';
import { toUnits, unitsToDecimal } from '../domain/quantity';
import { hasLot, hasSerials, identityOf, type UnitIdentity } from '../domain/units';

type Db = Pool | PoolClient;

/**
 * Per (item, location), the open quantity of the workspace's ($1) purchase orders arriving at
 * `locations` (an SQL set of location ids; `items` narrows the items): submitted ones (on_order:
 * what balances show as onOrder) and drafts (drafted). The one definition of what is on order.
 */
export function openOrdersSql(locations: string, items?: string): string {
  return `
  SELECT l.item_id, o.location_id,
         coalesce(sum(l.ordered - l.received) FILTER (WHERE o.status <> 'draft'), 0) AS on_order,
         coalesce(sum(l.ordered - l.received) FILTER (WHERE o.status = 'draft'), 0) AS drafted
    FROM purchase_orders o JOIN purchase_order_lines l ON l.workspace_id = o.workspace_id AND l.purchase_order_id = o.id
   WHERE o.workspace_id = $1 AND o.status IN (${OPEN_STATUSES.map((x) => `'${x}'`).join(', ')}) AND o.location_id IN ${locations}${items ? ` AND l.item_id IN ${items}` : ''}
   GROUP BY l.item_id, o.location_id`;
}

/** The items among `itemIds` on a line of an open order (draft, ordered, partially received), with one such order each. */
export async function itemsOnOpenOrders(db: Db, workspaceId: string, itemIds: readonly EntityId[]): Promise<Array<{ itemId: EntityId; purchaseOrderId: EntityId }>> {
  const { rows } = await db.query<{ item_id: EntityId; purchase_order_id: EntityId }>(
    `SELECT DISTINCT ON (l.item_id) l.item_id, l.purchase_order_id
       FROM purchase_order_lines l JOIN purchase_orders o ON o.workspace_id = l.workspace_id AND o.id = l.purchase_order_id
      WHERE l.workspace_id = $1 AND l.item_id = ANY($2::uuid[]) AND o.status IN (${OPEN_STATUSES.map((x) => `'${x}'`).join(', ')})
      ORDER BY l.item_id, o.created_at`,
    [workspaceId, itemIds],
  );
  return rows.map((r) => ({ itemId: r.item_id, purchaseOrderId: r.purchase_order_id }));
}

/** The constraint behind "externalRef is taken". */
export const PURCHASE_ORDER_EXTERNAL_REF_UNIQUE = 'purchase_orders_workspace_id_external_ref_key';

interface OrderRow {
  id: EntityId;
  supplier_id: EntityId;
  location_id: EntityId;
  status: PurchaseOrderStatus;
  reference: string;
  note: string;
  external_ref: string | null;
  expected_at: Date | null;
  origin: 'manual' | 'replenishment';
  version: number;
  created_at: Date;
  created_by_user_id: string;
  created_by_key_id: string;
  updated_at: Date;
  submitted_at: Date | null;
  received_at: Date | null;
  closed_at: Date | null;
  cancelled_at: Date | null;
  lines: Array<{ item_id: EntityId; ordered: string; received: string; received_value: string; unit_cost: string }>;
}

/** An order with its lines in one statement: one snapshot, as one write left them. */
const ORDER_COLUMNS = `o.id, o.supplier_id, o.location_id, o.status, o.reference, o.note, o.external_ref, o.expected_at, o.origin, o.version,
       o.created_at, o.created_by_user_id, o.created_by_key_id, o.updated_at, o.submitted_at, o.received_at, o.closed_at, o.cancelled_at,
       coalesce((SELECT json_agg(json_build_object('item_id', l.item_id, 'ordered', l.ordered::text, 'received', l.received::text,
                                                   'received_value', l.received_value::text, 'unit_cost', l.unit_cost::text) ORDER BY l.position)
                   FROM purchase_order_lines l WHERE l.workspace_id = o.workspace_id AND l.purchase_order_id = o.id), '[]') AS lines`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toRecord(r: OrderRow): PurchaseOrderRecord {
  return {
    id: r.id,
    supplierId: r.supplier_id,
    locationId: r.location_id,
    status: r.status,
    reference: r.reference,
    note: r.note,
    externalRef: r.external_ref,
    expectedAt: iso(r.expected_at),
    origin: r.origin,
    version: Number(r.version),
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: { userId: r.created_by_user_id, keyId: r.created_by_key_id },
    updatedAt: new Date(r.updated_at).toISOString(),
    submittedAt: iso(r.submitted_at),
    receivedAt: iso(r.received_at),
    closedAt: iso(r.closed_at),
    cancelledAt: iso(r.cancelled_at),
    lines: r.lines.map((l) => ({
      itemId: l.item_id,
      ordered: toUnits(l.ordered),
      received: toUnits(l.received),
      receivedValue: toValue(l.received_value),
      unitCost: toMoney(l.unit_cost),
    })),
  };
}

/**
 * Locks a purchase order's row (FOR UPDATE) and reads it with its lines: every receipt, revert and
 * transition of the order takes it first, so racing receipts queue and each sees what the one
 * before received (never more than ordered: the lines' CHECK backs it).
 */
export async function lockPurchaseOrder(tx: PoolClient, workspaceId: string, id: EntityId): Promise<PurchaseOrderRecord | undefined> {
  // Two statements: a statement that waited for the row lock still reads the lines as of its start
  // (READ COMMITTED re-reads only the locked row), so the lines are read by the next one, after it.
  const locked = tx.query({ name: 'stock_lock_purchase_order', text: 'SELECT 1 FROM purchase_orders WHERE workspace_id = $1 AND id = $2::uuid FOR UPDATE', values: [workspaceId, id] });
  const read = tx.query<OrderRow>({ name: 'stock_read_locked_purchase_order', text: `SELECT ${ORDER_COLUMNS} FROM purchase_orders o WHERE o.workspace_id = $1 AND o.id = $2::uuid`, values: [workspaceId, id] });
  // When the lock fails (its wait bound, a deadlock), the read fails only because of it: the lock's failure is the one reported.
  read.catch(() => undefined);
  await locked;
  const { rows } = await read;
  return rows[0] && toRecord(rows[0]);
}

/** An order by id or externalRef with its lines, as committed (no lock, no names): what a change plans its locks from. */
export async function readPurchaseOrder(db: Db, workspaceId: string, which: { id: EntityId } | { externalRef: string }): Promise<PurchaseOrderRecord | undefined> {
  const byId = 'id' in which;
  const { rows } = await db.query<OrderRow>({
    name: byId ? 'stock_read_purchase_order' : 'stock_read_purchase_order_by_ref',
    text: `SELECT ${ORDER_COLUMNS} FROM purchase_orders o WHERE o.workspace_id = $1 AND ${byId ? 'o.id = $2::uuid' : 'o.external_ref = $2'}`,
    values: [workspaceId, byId ? which.id : which.externalRef],
  });
  return rows[0] && toRecord(rows[0]);
}

/** What a change writes of purchase orders: each order as it leaves it (created or changed, its lines whole), and a receipt recorded or taken back. */
export interface PurchaseOrderWrite {
  orders: readonly PurchaseOrderRecord[];
  receipt?: { created: ReceiptRecord } | { reverted: { id: EntityId; at: Date } };
}

/** Writes orders (insert or update, version and stamps as given) with their lines (upserted; lines left out deleted), and the receipt. */
export async function writePurchaseOrder(tx: PoolClient, workspaceId: string, w: PurchaseOrderWrite): Promise<void> {
  const o = w.orders;
  const lines = o.flatMap((order) => order.lines.map((l, index) => ({ ...l, orderId: order.id, position: index + 1 })));
  const created = w.receipt && 'created' in w.receipt ? w.receipt.created : undefined;
  const reverted = w.receipt && 'reverted' in w.receipt ? w.receipt.reverted : undefined;
  await tx.query({
    name: 'stock_write_purchase_orders',
    text: `WITH orders AS (
       INSERT INTO purchase_orders AS p (workspace_id, id, supplier_id, location_id, status, reference, note, external_ref, expected_at, origin, version,
                                        created_at, created_by_user_id, created_by_key_id, updated_at, submitted_at, received_at, closed_at, cancelled_at)
       SELECT $1, o.* FROM unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::text[], $11::int[],
                                  $12::timestamptz[], $13::text[], $14::text[], $15::timestamptz[], $16::timestamptz[], $17::timestamptz[], $18::timestamptz[], $19::timestamptz[])
              AS o(id, supplier_id, location_id, status, reference, note, external_ref, expected_at, origin, version, created_at, created_by_user_id, created_by_key_id,
                   updated_at, submitted_at, received_at, closed_at, cancelled_at)
       ON CONFLICT (workspace_id, id) DO UPDATE SET supplier_id = EXCLUDED.supplier_id, location_id = EXCLUDED.location_id, status = EXCLUDED.status,
              reference = EXCLUDED.reference, note = EXCLUDED.note, external_ref = EXCLUDED.external_ref, expected_at = EXCLUDED.expected_at,
              version = EXCLUDED.version, updated_at = EXCLUDED.updated_at, submitted_at = EXCLUDED.submitted_at, received_at = EXCLUDED.received_at,
              closed_at = EXCLUDED.closed_at, cancelled_at = EXCLUDED.cancelled_at
       RETURNING p.id
     ), gone AS (
       DELETE FROM purchase_order_lines l
        WHERE l.workspace_id = $1 AND l.purchase_order_id = ANY($2::uuid[])
          AND (l.purchase_order_id, l.item_id) NOT IN (SELECT * FROM unnest($20::uuid[], $21::uuid[]))
     ), kept AS (
       INSERT INTO purchase_order_lines AS l (workspace_id, purchase_order_id, position, item_id, ordered, received, received_value, unit_cost)
       SELECT $1, n.* FROM unnest($20::uuid[], $22::int[], $21::uuid[], $23::numeric[], $24::numeric[], $25::numeric[], $26::numeric[])
              AS n(purchase_order_id, position, item_id, ordered, received, received_value, unit_cost)
        WHERE (SELECT count(*) FROM orders) >= 0
       ON CONFLICT (workspace_id, purchase_order_id, item_id) DO UPDATE SET position = EXCLUDED.position, ordered = EXCLUDED.ordered,
              received = EXCLUDED.received, received_value = EXCLUDED.received_value, unit_cost = EXCLUDED.unit_cost
     ), new_receipt AS (
       INSERT INTO purchase_order_receipts (workspace_id, id, purchase_order_id, lines, reference, note, created_at, created_by_user_id, created_by_key_id)
       SELECT $1, r.id, r.purchase_order_id, r.lines, r.reference, r.note, r.created_at, r.user_id, r.key_id
         FROM jsonb_to_recordset($27::jsonb) AS r(id uuid, purchase_order_id uuid, lines jsonb, reference text, note text, created_at timestamptz, user_id text, key_id text)
     )
     UPDATE purchase_order_receipts SET reverted_at = $29 WHERE workspace_id = $1 AND id = $28::uuid AND reverted_at IS NULL`,
    values: [
      workspaceId,
      o.map((x) => x.id),
      o.map((x) => x.supplierId),
      o.map((x) => x.locationId),
      o.map((x) => x.status),
      o.map((x) => x.reference),
      o.map((x) => x.note),
      o.map((x) => x.externalRef),
      o.map((x) => x.expectedAt),
      o.map((x) => x.origin),
      o.map((x) => x.version),
      o.map((x) => x.createdAt),
      o.map((x) => x.createdBy.userId),
      o.map((x) => x.createdBy.keyId),
      o.map((x) => x.updatedAt),
      o.map((x) => x.submittedAt),
      o.map((x) => x.receivedAt),
      o.map((x) => x.closedAt),
      o.map((x) => x.cancelledAt),
      lines.map((l) => l.orderId),
      lines.map((l) => l.itemId),
      lines.map((l) => l.position),
      lines.map((l) => unitsToDecimal(l.ordered)),
      lines.map((l) => unitsToDecimal(l.received)),
      lines.map((l) => valueToDecimal(l.receivedValue)),
      lines.map((l) => moneyToDecimal(l.unitCost)),
      JSON.stringify(
        created
          ? [
              {
                id: created.id,
                purchase_order_id: created.purchaseOrderId,
                lines: created.lines.map((l) => ({
                  itemId: l.itemId,
                  quantity: unitsToDecimal(l.quantity),
                  unitCost: moneyToDecimal(l.unitCost),
                  ...(l.orderedUnitCost === undefined ? {} : { orderedUnitCost: moneyToDecimal(l.orderedUnitCost) }),
                  ...shownUnits(l.units),
                })),
                reference: created.reference,
                note: created.note,
                created_at: created.createdAt,
                user_id: created.createdBy.userId,
                key_id: created.createdBy.keyId,
              },
            ]
          : [],
      ),
      reverted?.id ?? null,
      reverted?.at ?? null,
    ],
  });
}

interface ReceiptRow {
  id: EntityId;
  purchase_order_id: EntityId;
  lines: Array<{ itemId: EntityId; quantity: string; unitCost: string; orderedUnitCost?: string; serials?: string[]; lot?: string; expiresOn?: string }>;
  reference: string;
  note: string;
  created_at: Date;
  created_by_user_id: string;
  created_by_key_id: string;
  reverted_at: Date | null;
  cost_variance: string | null;
}

const toReceipt = (r: ReceiptRow): ReceiptRecord => ({
  id: r.id,
  purchaseOrderId: r.purchase_order_id,
  lines: r.lines.map((l) => ({
    itemId: l.itemId,
    quantity: toUnits(l.quantity),
    unitCost: toMoney(l.unitCost),
    ...(l.orderedUnitCost === undefined ? {} : { orderedUnitCost: toMoney(l.orderedUnitCost) }),
    ...optionalUnits(identityOf(l)),
  })),
  reference: r.reference,
  note: r.note,
  createdAt: r.created_at.toISOString(),
  createdBy: { userId: r.created_by_user_id, keyId: r.created_by_key_id },
  revertedAt: iso(r.reverted_at),
  costVariance: r.cost_variance === null ? null : toValue(r.cost_variance),
});

/** A receipt's row with its revert's cost variance, the sum of what its revert's movements recorded (null until reverted). */
const RECEIPT_COLUMNS = `r.*, CASE WHEN r.reverted_at IS NOT NULL THEN (
    SELECT coalesce(sum(m.cost_variance), 0)::text FROM movements m
     WHERE m.workspace_id = r.workspace_id AND m.purchase_order_id = r.purchase_order_id AND m.receipt_id = r.id AND m.reason = 'receipt_reverted') END AS cost_variance`;

/** One receipt of an order (its row is immutable but for reverted_at, written under the order's lock). */
export async function readReceipt(db: Db, workspaceId: string, purchaseOrderId: EntityId, receiptId: EntityId): Promise<ReceiptRecord | undefined> {
  const { rows } = await db.query<ReceiptRow>(
    `SELECT ${RECEIPT_COLUMNS} FROM purchase_order_receipts r WHERE r.workspace_id = $1 AND r.purchase_order_id = $2 AND r.id = $3`,
    [workspaceId, purchaseOrderId, receiptId],
  );
  return rows[0] && toReceipt(rows[0]);
}

/** The receipts of an order, oldest first. */
export async function listReceipts(db: Db, workspaceId: string, purchaseOrderId: EntityId): Promise<ReceiptRecord[]> {
  const { rows } = await db.query<ReceiptRow>(`SELECT ${RECEIPT_COLUMNS} FROM purchase_order_receipts r WHERE r.workspace_id = $1 AND r.purchase_order_id = $2 ORDER BY r.created_at, r.id`, [
    workspaceId,
    purchaseOrderId,
  ]);
  return rows.map(toReceipt);
}

/** Orders by id or externalRef with the names their supplier, location and items have in the copies, in one statement. */
export async function findPurchaseOrders(db: Db, workspaceId: string, which: { ids: readonly EntityId[] } | { externalRef: string }): Promise<{ orders: PurchaseOrderRecord[]; names: OrderNames }> {
  const byId = 'ids' in which;
  if (byId && which.ids.length === 0) return { orders: [], names: noNames };
  const { rows } = await db.query<OrderRow & { names: { supplier: string | null; location: { name: string | null; type: string | null }; items: Record<string, { sku: string | null; description: string | null }> } }>(
    `SELECT ${ORDER_COLUMNS},
            json_build_object(
              'supplier', (SELECT s.name FROM suppliers s WHERE s.workspace_id = o.workspace_id AND s.id = o.supplier_id),
              'location', (SELECT json_build_object('name', c.name, 'type', c.type) FROM locations c WHERE c.workspace_id = o.workspace_id AND c.id = o.location_id),
              'items', (SELECT json_object_agg(i.id, json_build_object('sku', i.sku, 'description', i.description)) FROM items i
                         WHERE i.workspace_id = o.workspace_id AND i.id IN (SELECT l.item_id FROM purchase_order_lines l WHERE l.workspace_id = o.workspace_id AND l.purchase_order_id = o.id))
            ) AS names
       FROM purchase_orders o
      WHERE o.workspace_id = $1 AND ${byId ? 'o.id = ANY($2::uuid[])' : 'o.external_ref = $2'}`,
    [workspaceId, byId ? which.ids : which.externalRef],
  );
  const order = new Map(rows.map((r) => [r.id, r]));
  const sorted = byId ? which.ids.flatMap((id) => (order.has(id) ? [order.get(id)!] : [])) : rows;
  const suppliers = new Map<string, string | null>(rows.map((r) => [r.supplier_id, r.names.supplier]));
  const locations = new Map<string, { name: string | null; type: string | null }>(rows.map((r) => [r.location_id, r.names.location]));
  const items = new Map(rows.flatMap((r) => Object.entries(r.names.items ?? {})));
  return {
    orders: sorted.map(toRecord),
    names: {
      supplier: (id) => suppliers.get(id) ?? null,
      location: (id) => locations.get(id) ?? { name: null, type: null },
      item: (id) => items.get(id) ?? { sku: null, description: null },
    },
  };
}

const noNames: OrderNames = { supplier: () => null, location: () => ({ name: null, type: null }), item: () => ({ sku: null, description: null }) };

export interface PurchaseOrderFilter {
  statuses?: PurchaseOrderStatus[];
  supplierIds?: EntityId[];
  locationIds?: EntityId[];
  itemIds?: EntityId[];
  /** Locations a restricted member may read (null: unrestricted), as ledger-repository's ReadableLocations. */
  readable: string[] | null;
}

/** Ids of one page of orders, by creation time (ties by id), with the key of the next page and the total (bounded). */
export async function listPurchaseOrderIds(
  db: Db,
  workspaceId: string,
  f: PurchaseOrderFilter,
  order: 'asc' | 'desc',
  page: PageRequest<TimeIdKey>,
): Promise<{ ids: EntityId[]; next?: TimeIdKey; total?: number }> {
  const w = new SqlConditions().add((p) => `workspace_id = ${p}`, workspaceId);
  if (f.statuses) w.add((p) => `status = ANY(${p}::text[])`, f.statuses);
  if (f.supplierIds) w.add((p) => `supplier_id = ANY(${p}::uuid[])`, f.supplierIds);
  if (f.locationIds) w.add((p) => `location_id = ANY(${p}::uuid[])`, f.locationIds);
  if (f.readable) w.add((p) => `location_id = ANY(${p}::uuid[])`, f.readable);
  if (f.itemIds) w.add((p) => `id IN (SELECT purchase_order_id FROM purchase_order_lines WHERE workspace_id = purchase_orders.workspace_id AND item_id = ANY(${p}::uuid[]))`, f.itemIds);
  const { sql: where, params } = w;
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  const after = page.after ? ` AND (created_at, id) ${order === 'asc' ? '>' : '<'} ($${params.length + 1}::timestamptz, $${params.length + 2}::uuid)` : '';
  const [list, count] = await Promise.all([
    db.query<{ id: EntityId; at: string }>(
      `SELECT id, ${cursorTimeSql('created_at')} AS at FROM purchase_orders WHERE ${where}${after} ORDER BY created_at ${dir}, id ${dir} LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
      page.after ? [...params, ...page.after] : params,
    ),
    page.after ? undefined : db.query<{ n: number }>(boundedCountSql(`FROM purchase_orders WHERE ${where}`, `created_at ${dir}, id ${dir}`), params),
  ]);
  const { rows, next, total } = keysetPage(list.rows, page.limit, (last): TimeIdKey => [last.at, last.id], count);
  return { ids: rows.map((r) => r.id), next, total };
}

/** The units of a receipt's line as its row keeps them (serials, or lot with its expiry), or nothing. */
function shownUnits(units: UnitIdentity | undefined): { serials?: string[]; lot?: string; expiresOn?: string } {
  if (hasSerials(units)) return { serials: units.serials.map((u) => u.serial) };
  if (hasLot(units)) return { lot: units.lot.lot, ...(units.expiresOn ? { expiresOn: units.expiresOn } : {}) };
  return {};
}

const optionalUnits = (units: UnitIdentity | undefined) => (units ? { units } : {});
