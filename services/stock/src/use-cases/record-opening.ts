import { BadRequest, Conflict, type RecordedOpening, RecordOpening, Unprocessable, type z } from '@inv/shared/core';
import { type Pool, UNGUARDED } from '@inv/shared/db';
import type { ServiceRuntime } from '@inv/shared/runtime';
import { latestStockPosition } from '../data/ledger';
import { claimOpening, findOpening, type OpeningRow } from '../data/opening-repository';
import { placeFacts, storeOpeningItems } from '../data/projection-repository';
import { hasAllowedPrecision, QUANTITY_DECIMALS, toUnits } from '../domain/quantity';
import { openingRefusal } from '../domain/stock-policy';
import { identityOf, unitsTouched } from '../domain/units';
import { labelsOf } from './ledger-facts';
import { awaitOwnerChanges } from './owner-copies';
import { runLedgerUnit } from './ledger-unit';

/** Thrown inside the opening's transaction when its operationId was claimed before (a repeat, or a cancellation that came first). */
class AlreadyClaimed extends Error {}

/**
 * Records the opening stock of newly created items for the caller the catalog passes on, all or
 * nothing, once per operationId (a repeat answers the first result), and answers the stock
 * position it reached. The items are new: their copies stay unconfirmed until the catalog's
 * item.created arrives (the catalog commits them after this answer, or abandons the opening); the
 * locations are decided from copies that hold every change the caller had acknowledged. Decided by the policy (openingRefusal) from access before anything is
 * locked and under the locations' locks from the locations. Throws BadRequest for a quantity
 * finer than the ledger's precision; Unprocessable for a catalog-only item; Conflict when the
 * operation was cancelled before it arrived.
 */
export async function recordOpening(runtime: ServiceRuntime, input: z.output<typeof RecordOpening>): Promise<RecordedOpening> {
  const { caller, operationId } = input;
  const workspaceId = caller.workspace.id;
  const answerRepeat = async (db: Pool, previous: OpeningRow | undefined) => {
    if (previous?.cancelled_at) throw new Conflict(`Opening ${operationId} was cancelled.`);
    // The opening was recorded earlier; the workspace's latest position is at least the one it took.
    return { movements: previous?.movements ?? 0, position: await latestStockPosition(db, workspaceId) };
  };
  const earlier = await findOpening(runtime.pool, workspaceId, operationId);
  if (earlier) return answerRepeat(runtime.pool, earlier);
  await awaitOwnerChanges(runtime, caller);
  input.lines.forEach((line, index) => {
    if (!hasAllowedPrecision(line.quantity)) throw new BadRequest(`lines[${index}].quantity: at most ${QUANTITY_DECIMALS} decimal places.`);
    if (!line.item.trackStock) throw new Unprocessable(`Item "${line.item.sku}" is catalog-only (trackStock: false) and cannot hold opening stock.`);
  });
  const locationIds = [...new Set(input.lines.map((l) => l.locationId))];
  for (const locationId of locationIds) {
    const refusal = openingRefusal({ access: caller.locationAccess, locationId });
    if (refusal) throw refusal;
  }
  const itemIds = input.lines.map((l) => l.item.id);
  const movements = input.lines.map((l, index) => {
    const units = identityOf(l);
    return {
      itemId: l.item.id,
      locationId: l.locationId,
      type: 'opening' as const,
      quantity: toUnits(l.quantity),
      transferId: null,
      operationId,
      reason: null,
      reference: '',
      note: '',
      // The catalog passes the serials or lot it was given: the ledger decides them, naming the line.
      at: `lines[${index}]`,
      ...(units ? { units } : {}),
    };
  });

  try {
    const { position } = await runLedgerUnit(runtime, caller, UNGUARDED, {
      prepare: (tx) => [
        claimOpening(tx, workspaceId, operationId, input.lines.length).then((claimed) => {
          if (!claimed) throw new AlreadyClaimed();
        }),
        storeOpeningItems(tx, workspaceId, input.lines.map((l) => l.item)),
      ],
      locks: { locationIds, itemIds, itemsAddedTo: [], totals: itemIds, balances: movements, units: unitsTouched(movements) },
      // The items are new, their copies unconfirmed until the catalog's item.created: only the locations must be known.
      known: { itemIds: [], locationIds },
      decide: (facts) => {
        for (const locationId of locationIds) {
          const refusal = openingRefusal({ access: caller.locationAccess, locationId, known: true, place: placeFacts(facts.locations.get(locationId)) });
          if (refusal) throw refusal;
        }
        return { movements, reservations: [], labels: labelsOf(facts), answer: () => ({ result: undefined, events: [] }) };
      },
    });
    return { movements: movements.length, position: position ?? 0 };
  } catch (err) {
    if (err instanceof AlreadyClaimed) return answerRepeat(runtime.pool, await findOpening(runtime.pool, workspaceId, operationId));
    throw err;
  }
}
