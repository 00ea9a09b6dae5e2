import { CatalogEvents, newId } from '@inv/shared/core';
import { envelope } from '@inv/shared/messaging';
import { type ServiceWorld, startServiceWorld } from '../../../../test/support/service-world';
import { startStock } from '../main';

/** The stock service's copies of items, kept from the catalog's events over the real broker. */
let world: ServiceWorld;
beforeAll(async () => {
  world = await startServiceWorld(startStock);
});
afterAll(() => world?.stop());

async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('copies of items', () => {
  it('when a hundred items arrive together, out of order with their updates, then each copy holds its highest version', async () => {
    const ws = newId();
    const ids = Array.from({ length: 100 }, () => newId());
    const snapshot = (id: string, version: number) => ({ id, sku: `SKU-${id.slice(0, 8)}-v${version}`, description: '', trackStock: true, lowStockThreshold: null, version });
    // The update (version 2) of the first ten is published before their creation (version 1).
    for (const id of ids.slice(0, 10)) await world.runtime.broker.publishEvent(envelope(CatalogEvents.itemUpdated, ws, snapshot(id, 2), null), 5000);
    for (const id of ids) await world.runtime.broker.publishEvent(envelope(CatalogEvents.itemCreated, ws, snapshot(id, 1), null), 5000);
    const rows = await until('the hundred copies', async () => {
      const found = await world.sql<{ id: string; sku: string; version: number; confirmed: boolean }>('SELECT id, sku, version::int AS version, confirmed FROM items WHERE workspace_id = $1', [ws]);
      return found.length === 100 ? found : undefined;
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [i, id] of ids.entries()) {
      const version = i < 10 ? 2 : 1;
      expect(byId.get(id)).toEqual({ id, sku: snapshot(id, version).sku, version, confirmed: true });
    }
  });
});
