import { type Caller, type EntityId, NotFound, parseEntityId, StockEvents } from '@inv/shared/core';
import { recordEvent } from '@inv/shared/messaging';
import { transactOnce, type ServiceRuntime } from '@inv/shared/runtime';
import { inOneRoundTrip } from '@inv/shared/db';
import { lockLedger } from '../data/ledger';
import { lockParLevel, upsertParLevel } from '../data/par-level-repository';
import { itemFacts, placeFacts } from '../data/projection-repository';
import { type ParLevel, parAmountsOf, parCrossing, parLevelRefusal, type SetParLevelInput } from '../domain/par-levels';
import { toUnits } from '../domain/quantity';
import { presentParCrossing } from './ledger-facts';
import { withCopiesCaughtUp } from './owner-copies';

/** The item and location of a par level as the path names them; an id that cannot be one is a 404, as any unknown id in a path. */
export function parLevelKey(path: { itemId: string; locationId: string }): { itemId: EntityId; locationId: EntityId } {
  const itemId = parseEntityId(path.itemId);
  if (!itemId) throw new NotFound('Item');
  const locationId = parseEntityId(path.locationId);
  if (!locationId) throw new NotFound('Location');
  return { itemId, locationId };
}

/**
 * Creates or replaces the par level of an item at a location and answers it with the on-hand
 * there. The policy (parLevelRefusal) decides before anything is locked from access alone, and
 * in the transaction from the copies of the item and the location, read as every change of stock
 * reads them (lockLedger: under their shared locks, so a location's closure or an item's waits
 * for it), holding every change their owners acknowledged (awaitOwnerChanges, for every request;
 * withCopiesCaughtUp for one they lack): an item made catalog-only or a location deleted is
 * refused here too.
 * Throws NotFound (unknown item or location), NoWriteAccess, CatalogOnlyItem.
 */
export async function setParLevel(runtime: ServiceRuntime, caller: Caller, path: { itemId: string; locationId: string }, input: SetParLevelInput): Promise<ParLevel> {
  const key = parLevelKey(path);
  const facts = { access: caller.locationAccess, ...key };
  const refusal = parLevelRefusal(facts);
  if (refusal) throw refusal;
  const workspaceId = caller.workspace.id;
  const amounts = parAmountsOf(input);
  const { minimum } = amounts;
  return withCopiesCaughtUp(runtime, workspaceId, (requireCopies) =>
    transactOnce(runtime, async (tx) => {
      const locks = { locationIds: [key.locationId], itemIds: [key.itemId], itemsAddedTo: [key.itemId], totals: [], balances: [] };
      const [, locked] = await inOneRoundTrip(tx, () => lockLedger(tx, workspaceId, locks));
      const now = locked.now;
      requireCopies(locks, locked);
      const refused = parLevelRefusal({ ...facts, known: true, item: itemFacts(locked.items.get(key.itemId)), place: placeFacts(locked.locations.get(key.locationId)) });
      if (refused) throw refused;
      const previous = await lockParLevel(tx, workspaceId, key);
      const parLevel = await upsertParLevel(tx, workspaceId, key, amounts, now);
      const balance = { onHand: toUnits(parLevel.onHand), reserved: toUnits(parLevel.reserved) };
      // A changed minimum is judged once, at the free stock there now.
      const below = parCrossing({ balance, minimum: previous }, { balance, minimum });
      if (below !== undefined) {
        const crossing = presentParCrossing(locked, { ...key, below, ...balance, ...amounts });
        await recordEvent(tx, StockEvents.parCrossed, workspaceId, crossing, caller.requestId);
      }
      return parLevel;
    }),
  );
}
