import { type Actor, CATALOG_SERVICE, CatalogCommands, type EntityId, INTENT_LEASE_MS, ItemSnapshot, z } from '@inv/shared/core';
import { RunAgain, UNGUARDED } from '@inv/shared/db';
import { type ServiceRuntime, transact } from '@inv/shared/runtime';
import { openingMovements } from '../data/ledger';
import { cancelOpeningRow, settleOpenings, unsettledOpenings } from '../data/opening-repository';
import { applyItemEvents, itemFacts } from '../data/projection-repository';
import { openingCancellations } from '../domain/ledger-plan';
import { unitsTouched } from '../domain/units';
import { labelsOf } from './ledger-facts';
import { runLedgerUnit } from './ledger-unit';

/** Who cancels an opening: the catalog's caller whose request abandoned it, or the system (a sweeper). */
export interface OpeningCanceller {
  workspaceId: string;
  requestId: string | null;
  actor: Actor | null;
}

/** The user recorded on the movements of a cancellation no caller asked for (the sweeper's). */
const SYSTEM_ACTOR: Actor = { userId: 'system', keyId: 'system' };

/** The catalog created an item of the opening after all (its COMMIT went through though it reported otherwise): the opening is its item's, and stays. */
class OpeningKept extends Error {}

/**
 * Takes back an opening whose caller (the catalog) did not create its items, in the one write
 * path of stock (runLedgerUnit): each of its movements is taken back where it added stock, with a
 * movement of its own (type opening, reason opening_cancelled, the opening's operation), so the
 * ledger stays append-only and its balances, totals, health and stock position follow as for any
 * change. Idempotent: an opening cancelled before changes nothing, and one that has not arrived
 * yet is blocked from applying later. An opening whose items the catalog did create after all is
 * kept (answered `cancelled: false`). Refused for want of stock (422) when it has moved since,
 * which only a confirmed item allows.
 */
export async function cancelOpening(runtime: ServiceRuntime, who: OpeningCanceller, operationId: EntityId): Promise<{ cancelled: boolean }> {
  const { workspaceId, requestId } = who;
  const actor = who.actor ?? SYSTEM_ACTOR;
  const caller = { workspace: { id: workspaceId }, requestId: requestId ?? '', user: { id: actor.userId }, keyId: actor.keyId };
  try {
    await runLedgerUnit(runtime, caller, UNGUARDED, async () => {
      // Never changed once recorded; an opening that arrives meanwhile is seen by its count below.
      const taken = await openingMovements(runtime.pool, workspaceId, operationId);
      const itemIds = [...new Set(taken.map((m) => m.itemId))];
      let cancelledNow: number | undefined;
      return {
        prepare: (tx) => [cancelOpeningRow(tx, workspaceId, operationId).then((movements) => (cancelledNow = movements))],
        locks: { locationIds: [], itemIds, itemsAddedTo: [], totals: itemIds, balances: taken, units: unitsTouched(taken) },
        // Its items were never confirmed (or the catalog created them after all): nothing to know beforehand.
        known: { itemIds: [], locationIds: [] },
        decide: (facts) => {
          if (cancelledNow === undefined) return { movements: [], reservations: [], labels: labelsOf(facts), answer: () => ({ result: undefined, events: [] }) };
          if (cancelledNow !== taken.length) throw new RunAgain('the opening arrived while its cancellation was being decided');
          if (itemIds.some((id) => itemFacts(facts.items.get(id)) !== undefined)) throw new OpeningKept();
          return { movements: openingCancellations(operationId, taken), reservations: [], labels: labelsOf(facts), answer: () => ({ result: undefined, events: [] }) };
        },
      };
    });
    return { cancelled: true };
  } catch (err) {
    if (err instanceof OpeningKept) return { cancelled: false };
    throw err;
  }
}

/**
 * The sweeper of openings the catalog neither confirmed nor abandoned within INTENT_LEASE_MS (its
 * process died between recording the opening and committing the items, or could not record the
 * abandonment). Each is settled once: an opening whose items the catalog confirmed is marked
 * settled; otherwise the catalog is asked what it committed of them (it commits within half the
 * lease or not at all, so its answer is final): items it has are confirmed now, and an opening
 * whose items it does not have is cancelled like any other (cancelOpening, by the system).
 * Answers how many openings were settled.
 */
export async function settleStaleOpenings(runtime: ServiceRuntime, limit = 100): Promise<number> {
  const stale = await unsettledOpenings(runtime.pool, INTENT_LEASE_MS, limit);
  const byWorkspace = new Map<string, typeof stale>();
  for (const opening of stale) byWorkspace.set(opening.workspaceId, [...(byWorkspace.get(opening.workspaceId) ?? []), opening]);
  for (const [workspaceId, openings] of byWorkspace) {
    const unconfirmed = openings.filter((o) => !o.confirmed);
    const itemIds = [...new Set(unconfirmed.flatMap((o) => o.itemIds))];
    const committed = itemIds.length === 0 ? [] : z.array(ItemSnapshot).parse(await runtime.client.request(CATALOG_SERVICE, CatalogCommands.getItems, { itemIds }, { workspaceId, readsOnly: true }));
    if (committed.length > 0) await transact(runtime, (tx) => applyItemEvents(tx, committed.map((item) => ({ workspaceId, item }))));
    const created = new Set<string>(committed.map((item) => item.id));
    for (const opening of unconfirmed.filter((o) => !o.itemIds.some((id) => created.has(id)))) {
      await cancelOpening(runtime, { workspaceId, requestId: null, actor: null }, opening.operationId);
    }
    await settleOpenings(runtime.pool, workspaceId, openings.filter((o) => o.confirmed || o.itemIds.some((id) => created.has(id))).map((o) => o.operationId));
  }
  return stale.length;
}
