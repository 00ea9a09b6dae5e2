import { type Actor, type ItemSnapshot } from '@inv/shared/core';
import { Broker, envelope } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { hashApiKey } from '../../gateway/src/domain/api-key';
import type { Client } from '../support/api';
import { eventually, sql, unique, type TestWorkspace } from '../support/fixtures';
import { stackBroker } from '../support/bus';

/** Publishes on this run's vhost, for tests of how the stock service takes other services' events. */
let broker: Broker | undefined;

async function publisher(): Promise<Broker> {
  if (!broker) {
    broker = stackBroker(createLogger('test', 'silent'));
    await broker.waitForConnect(10_000);
  }
  return broker;
}

afterAll(async () => {
  await broker?.close();
  broker = undefined;
});

/**
 * Publishes an event as its owner would (its payload may carry any version, to stage late deliveries) and
 * waits until the stock service has processed it.
 */
export async function publish(type: string, workspaceId: string, payload: unknown): Promise<void> {
  const message = envelope(type, workspaceId, payload, null);
  await (await publisher()).publishEvent(message, 5000);
  await eventually(`${type} ${message.id} processed by the stock service`, async () =>
    (await sql('SELECT 1 FROM stock.processed_messages WHERE message_id = $1', [message.id])).length ? true : undefined,
  );
}

/** A transfer's fields of the statuses after pending while it has entered none. */
export const NO_TRANSITIONS = Object.freeze({
  completedAt: null,
  completedBy: null,
  rejectedAt: null,
  rejectedBy: null,
  cancelledAt: null,
  cancelledBy: null,
  revertedAt: null,
  revertedBy: null,
});

/** An API timestamp: ISO 8601, UTC, with milliseconds. */
export const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Who the owner's key acts as: its user and the key itself, as transfers record who acted. */
export async function ownerActor(ws: TestWorkspace): Promise<Actor> {
  const [actor] = await sql<Actor>('SELECT user_id::text AS "userId", id::text AS "keyId" FROM identity.api_keys WHERE key_hash = $1', [hashApiKey(ws.ownerKey)]);
  if (!actor) throw new Error(`no key row for the owner of workspace ${ws.id}`);
  return actor;
}

/** An item created through the public API, with opening stock when `quantity` is given. */
export async function createItem(ws: TestWorkspace, fields: { trackStock?: boolean; quantity?: number; locationId?: string } = {}): Promise<Omit<ItemSnapshot, 'version'>> {
  const res = await ws.owner.post('/items', { sku: unique('SKU'), description: 'Test item', ...fields });
  if (res.status !== 201) throw new Error(`creating an item failed: ${res.status} ${res.text}`);
  return { id: res.body.id, sku: res.body.sku, description: res.body.description, trackStock: res.body.trackStock, lowStockThreshold: res.body.lowStockThreshold };
}

/** A location created through the public API (deactivated afterwards when active is false). */
export async function createLocation(ws: TestWorkspace, fields: { active?: boolean } = {}): Promise<{ id: string; name: string; type: string }> {
  const res = await ws.owner.post('/locations', { name: unique('Van'), type: 'van' });
  if (res.status !== 201) throw new Error(`creating a location failed: ${res.status} ${res.text}`);
  if (fields.active === false) {
    const patched = await ws.owner.patch(`/locations/${res.body.id}`, { active: false });
    if (patched.status !== 200) throw new Error(`deactivating a location failed: ${patched.status} ${patched.text}`);
    await eventually('the deactivation in the stock projection', async () =>
      (await sql('SELECT 1 FROM stock.locations WHERE id = $1 AND NOT active', [res.body.id])).length ? true : undefined,
    );
  }
  return { id: res.body.id, name: res.body.name, type: res.body.type };
}

/** Receives stock through the public API and asserts it worked. */
export async function receive(api: Client, itemId: string, locationId: string, quantity: number): Promise<void> {
  const res = await api.post('/inventory/movements', { type: 'receipt', itemId, locationId, quantity });
  if (res.status !== 201) throw new Error(`receipt failed: ${res.status} ${res.text}`);
}

export async function onHand(api: Client, itemId: string, locationId: string): Promise<number> {
  const res = await api.get('/inventory/balances', { query: { itemId, locationId } });
  if (res.status !== 200) throw new Error(`balances failed: ${res.status} ${res.text}`);
  return res.body[0]?.onHand ?? 0;
}

/** Every balance of the workspace against the sum of its movements; answers the mismatches. */
export async function ledgerMismatches(workspaceId: string): Promise<unknown[]> {
  return sql(
    `SELECT b.item_id, b.location_id, b.on_hand::text, coalesce(sum(m.quantity), 0)::text AS movements
     FROM stock.balances b LEFT JOIN stock.movements m ON m.workspace_id = b.workspace_id AND m.item_id = b.item_id AND m.location_id = b.location_id
     WHERE b.workspace_id = $1
     GROUP BY b.item_id, b.location_id, b.on_hand
     HAVING b.on_hand <> coalesce(sum(m.quantity), 0)`,
    [workspaceId],
  );
}

/** The balance row as the API lists it (onHand, reserved, available), zeros when there is none. */
export async function balanceOf(api: Client, itemId: string, locationId: string): Promise<{ onHand: number; reserved: number; available: number }> {
  const res = await api.get('/inventory/balances', { query: { itemId, locationId } });
  if (res.status !== 200) throw new Error(`balances failed: ${res.status} ${res.text}`);
  const row = res.body[0] ?? { onHand: 0, reserved: 0, available: 0 };
  return { onHand: row.onHand, reserved: row.reserved, available: row.available };
}

/**
 * Every balance whose reserved differs from what holds it: the pending transfer lines out of it
 * and the reservations of open jobs' lines there (reservations are one thing); answers the
 * mismatches. A job that is not open holding anything is a mismatch too.
 */
export async function reservationMismatches(workspaceId: string): Promise<unknown[]> {
  return sql(
    `WITH holds AS (
       SELECT l.item_id, t.from_location_id AS location_id, l.quantity
       FROM stock.transfers t JOIN stock.transfer_lines l ON l.workspace_id = t.workspace_id AND l.transfer_id = t.id
       WHERE t.workspace_id = $1 AND t.status = 'pending'
       UNION ALL
       SELECT l.item_id, coalesce(l.location_id, j.source_location_id), l.reserved
       FROM stock.jobs j JOIN stock.job_lines l ON l.workspace_id = j.workspace_id AND l.job_id = j.id
       WHERE j.workspace_id = $1 AND l.reserved > 0 AND j.status = 'open'
     ), pending AS (
       SELECT item_id, location_id, sum(quantity) AS quantity FROM holds GROUP BY item_id, location_id
     )
     SELECT coalesce(b.item_id, p.item_id) AS item_id, coalesce(b.location_id, p.location_id) AS location_id, b.reserved::text, p.quantity::text AS pending
     FROM (SELECT * FROM stock.balances WHERE workspace_id = $1) b FULL JOIN pending p ON p.item_id = b.item_id AND p.location_id = b.location_id
     WHERE coalesce(b.reserved, 0) <> coalesce(p.quantity, 0)
     UNION ALL
     SELECT l.item_id, l.location_id, l.reserved::text, 'held by job ' || j.id || ' (' || j.status || ')'
       FROM stock.jobs j JOIN stock.job_lines l ON l.workspace_id = j.workspace_id AND l.job_id = j.id
      WHERE j.workspace_id = $1 AND l.reserved > 0 AND j.status <> 'open'`,
    [workspaceId],
  );
}
