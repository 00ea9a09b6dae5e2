import { StockEvents, type StockChanged, type StockLevelsChanged } from '@inv/shared/core';
import { Broker, envelope } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import type { TestWorkspace } from '../support/fixtures';
import { eventually, sql, unique } from '../support/fixtures';
import { stackBroker } from '../support/bus';

let broker: Broker | undefined;

/**
 * Publishes stock.changed as the stock service would, so the catalog's projection can be driven
 * precisely (versions, stale deliveries) without depending on stock movements. The message takes
 * the workspace's next stock position from the stock service's own counter, as a real change
 * would, so the catalog's count of applied positions stays whole.
 */
export async function publishStockChanged(workspaceId: string, change: Omit<StockChanged, 'delta' | 'movementType'> & Partial<StockChanged>): Promise<string> {
  if (!broker) {
    broker = stackBroker(createLogger('test', 'silent'));
    await broker.waitForConnect(10_000);
  }
  const [taken] = await sql<{ position: string }>(
    `INSERT INTO stock.stock_positions AS p (workspace_id, position) VALUES ($1, 1)
     ON CONFLICT (workspace_id) DO UPDATE SET position = p.position + 1 RETURNING position`,
    [workspaceId],
  );
  const payload: StockLevelsChanged = { position: Number(taken!.position), changes: [{ delta: change.onHand, movementType: 'adjustment', ...change }] };
  const message = envelope(StockEvents.changed, workspaceId, payload, null);
  await broker.publishEvent(message, 5000);
  return message.id;
}

/** Waits until the catalog's consumer has handled the message (applied or found stale). */
export async function handled(messageId: string): Promise<void> {
  await eventually(`catalog to handle ${messageId}`, async () =>
    (await sql('SELECT 1 FROM catalog.processed_messages WHERE message_id = $1', [messageId])).length > 0 ? true : undefined,
  );
}

/** Sets a balance in the catalog projection and waits until the catalog has applied it. */
export async function setStock(ws: TestWorkspace, itemId: string, locationId: string, onHand: number, version: number): Promise<void> {
  await publishStockChanged(ws.id, { itemId, locationId, onHand, version });
  await eventually(`stock level v${version} of ${itemId}`, async () => {
    const rows = await sql('SELECT version FROM catalog.stock_levels WHERE item_id = $1 AND location_id = $2', [itemId, locationId]);
    return rows[0] && Number(rows[0].version) >= version ? true : undefined;
  });
}

export async function closeStockPublisher(): Promise<void> {
  await broker?.close();
  broker = undefined;
}

export async function createItem(ws: TestWorkspace, fields: Record<string, unknown> = {}): Promise<any> {
  const res = await ws.owner.post('/items', { sku: unique('SKU'), ...fields });
  if (res.status !== 201) throw new Error(`POST /items answered ${res.status}: ${res.text}`);
  return res.body;
}

export async function createTag(ws: TestWorkspace, name = unique('tag'), color?: string): Promise<{ id: string; name: string; color: string }> {
  const res = await ws.owner.post('/tags', { name, ...(color ? { color } : {}) });
  if (res.status !== 201) throw new Error(`POST /tags answered ${res.status}: ${res.text}`);
  return res.body;
}

export async function createSupplier(ws: TestWorkspace, name = unique('supplier')): Promise<{ id: string; name: string; email: string; phone: string }> {
  const res = await ws.owner.post('/suppliers', { name });
  if (res.status !== 201) throw new Error(`POST /suppliers answered ${res.status}: ${res.text}`);
  return res.body;
}

export async function catalogEvents(workspaceId: string, type?: string): Promise<Array<{ type: string; payload: any }>> {
  const rows = await sql<{ type: string; message: { payload: unknown } }>(
    `SELECT type, message FROM catalog.outbox WHERE workspace_id = $1 ${type ? 'AND type = $2' : ''} ORDER BY seq`,
    type ? [workspaceId, type] : [workspaceId],
  );
  return rows.map((r) => ({ type: r.type, payload: r.message.payload }));
}
