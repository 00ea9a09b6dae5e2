import { CATALOG_SERVICE, CatalogCommands, INTENT_LEASE_MS, type CloseItems, Conflict, ItemSnapshot, z } from '@inv/shared/core';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { lockItemsExclusively } from '../data/ledger';
import { itemsOnOpenOrders } from '../data/purchase-order-repository';
import { applyItemEvents, closeItemCopies, endClosings, staleClosings } from '../data/projection-repository';
import { fromUnits } from '../domain/quantity';

/**
 * The intent of changing items the stock service must judge first (intent → confirm,
 * docs/consistency.md): making them catalog-only, or changing how their units are told apart
 * (`purpose`). Under each item's exclusive lock, so after every change of its stock in flight,
 * refuses (Conflict, closing none) while any of them has stock on hand anywhere, reserved stock
 * included (it is on hand for pending transfers and open jobs), or, for a change of tracking, is
 * on a line of an open purchase order (draft, ordered or partially received: what it would
 * receive would be told apart the old way); otherwise holds them closed under `attempt`: no stock
 * of them is added, and no order line of them is made, until the catalog confirms (its
 * item.updated names the attempt) or abandons (item.closing_abandoned), or the sweeper settles it.
 * Idempotent.
 */
export async function closeItems(runtime: Pick<ServiceRuntime, 'pool' | 'outbox'>, workspaceId: string, { attempt, itemIds, purpose }: z.output<typeof CloseItems>): Promise<{ closed: true }> {
  return transact(runtime, async (tx) => {
    const onHand = await lockItemsExclusively(tx, workspaceId, itemIds);
    const stocked = [...onHand].filter(([, units]) => units !== 0n);
    const what = purpose === 'tracking' ? 'changing how their units are told apart (tracking)' : 'making them catalog-only (trackStock false)';
    if (stocked.length > 0) {
      const which = stocked.map(([id, units]) => `${id} (${fromUnits(units)} on hand)`).join(', ');
      throw new Conflict(
        `${itemIds.length > 1 ? 'Items' : 'The item'} ${which} still ${stocked.length > 1 ? 'have' : 'has'} stock on hand, possibly reserved by pending transfers or open jobs; complete, reject or cancel those and move or adjust the rest to 0 before ${what}.`,
      );
    }
    if (purpose === 'tracking') {
      const ordered = await itemsOnOpenOrders(tx, workspaceId, itemIds);
      if (ordered.length > 0) {
        throw new Conflict(
          `${ordered.length > 1 ? 'Items' : 'The item'} ${ordered.map((o) => `${o.itemId} (on purchase order ${o.purchaseOrderId})`).join(', ')} ${ordered.length > 1 ? 'are' : 'is'} on open purchase orders; receive, close or cancel them before ${what}.`,
        );
      }
    }
    await closeItemCopies(tx, workspaceId, itemIds, attempt);
    return { closed: true as const };
  });
}

/**
 * The sweeper of closings neither confirmed nor abandoned within INTENT_LEASE_MS (the catalog's
 * process died between its intent and its commit): the catalog is asked what it committed (under
 * its rows' share locks, so after any change of them in flight; it never commits a closing's
 * change later than half the lease). An item it made catalog-only takes that state now, its
 * closing ended with it; one it did not keeps tracking stock and is reopened. Answers how many
 * closings were settled.
 */
export async function settleStaleClosings(runtime: Pick<ServiceRuntime, 'pool' | 'outbox' | 'client'>, limit = 100): Promise<number> {
  const stale = await staleClosings(runtime.pool, INTENT_LEASE_MS, limit);
  const byWorkspace = new Map<string, typeof stale>();
  for (const closing of stale) byWorkspace.set(closing.workspaceId, [...(byWorkspace.get(closing.workspaceId) ?? []), closing]);
  for (const [workspaceId, closings] of byWorkspace) {
    const committed = z.array(ItemSnapshot).parse(await runtime.client.request(CATALOG_SERVICE, CatalogCommands.getItems, { itemIds: closings.map((c) => c.itemId) }, { workspaceId, readsOnly: true }));
    await transact(runtime, async (tx) => {
      // The copy takes what the catalog committed first (a catalog-only item takes no stock then, closed or not; a changed tracking is the copy's).
      await applyItemEvents(tx, committed.map((item) => ({ workspaceId, item })));
      for (const c of closings) await endClosings(tx, [c.attempt], [c.itemId]);
    });
  }
  return stale.length;
}
