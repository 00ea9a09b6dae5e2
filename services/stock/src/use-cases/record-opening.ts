import { BadRequest, Conflict, isId, type RecordedOpening, Unprocessable, type RecordOpening } from '@inv/shared/core';
import { type Pool, type PoolClient } from '@inv/shared/db';
import { transact, type ServiceRuntime } from '@inv/shared/runtime';
import { claimOpening, findOpening, type OpeningRow } from '../data/opening-repository';
import { isKnownLocation, lockLocations, storeOpeningItems } from '../data/projection-repository';
import { latestStockPosition, recordStockChanges } from '../data/stock-positions';
import { locationRefusal } from '../domain/location-rules';
import { hasAllowedPrecision, QUANTITY_DECIMALS, toUnits } from '../domain/quantity';
import { labelsFrom } from './labels';
import { requireTrusted, withTrustedCopies } from './projection-gate';
import { applyStockChanges } from './stock-changes';

/**
 * Records the opening stock of newly created items, all or nothing, once per operationId (a
 * repeat answers the first result), and answers the stock position it reached. The locations are
 * decided from the stock service's copies under their share locks, once those copies hold every
 * change their owner acknowledged (withTrustedCopies). Throws BadRequest for a quantity finer than
 * the ledger's precision; Unprocessable for a catalog-only item or a location that is unknown,
 * deleted, inactive or closed; Conflict when the operation was cancelled before it arrived.
 */
export async function recordOpening(runtime: ServiceRuntime, workspaceId: string, requestId: string | null, input: RecordOpening): Promise<RecordedOpening> {
  const answerRepeat = async (db: Pool | PoolClient, previous: OpeningRow | undefined) => {
    if (previous?.cancelled_at) throw new Conflict(`Opening ${input.operationId} was cancelled.`);
    // The opening was recorded earlier; the workspace's latest position is at least the one it took.
    return { movements: previous?.movements ?? 0, position: await latestStockPosition(db, workspaceId) };
  };
  const earlier = await findOpening(runtime.pool, workspaceId, input.operationId);
  if (earlier) return answerRepeat(runtime.pool, earlier);
  input.lines.forEach((line, index) => {
    if (!isId(line.item.id)) throw new BadRequest(`lines[${index}].item.id: not an item id.`);
    if (!hasAllowedPrecision(line.quantity)) throw new BadRequest(`lines[${index}].quantity: at most ${QUANTITY_DECIMALS} decimal places.`);
    if (!line.item.trackStock) throw new Unprocessable(`Item "${line.item.sku}" is catalog-only (trackStock: false) and cannot hold opening stock.`);
  });
  const lines = input.lines.map((l) => ({ ...l, item: { ...l.item, id: l.item.id.toLowerCase() }, locationId: l.locationId.toLowerCase() }));
  const locationIds = [...new Set(lines.map((l) => l.locationId))];
  const items = new Map(lines.map((l) => [l.item.id, { id: l.item.id, sku: l.item.sku, description: l.item.description, track_stock: true, confirmed: false, version: 0, fence: null }]));
  const use = { addsStock: true, requireActive: true };
  for (const id of locationIds) if (!isId(id)) throw new Unprocessable(locationRefusal(undefined, id, use)!);

  return withTrustedCopies(runtime, workspaceId, requestId, (final) =>
    transact(runtime, async (tx) => {
      if (!(await claimOpening(tx, workspaceId, input.operationId, lines.length))) return answerRepeat(tx, await findOpening(tx, workspaceId, input.operationId));
      await storeOpeningItems(tx, workspaceId, lines.map((l) => l.item));
      const locked = new Map((await lockLocations(tx, workspaceId, locationIds, 'share')).map((l) => [l.id, l]));
      requireTrusted({ itemIds: [], locationIds }, { items: new Map(), locations: locked }, final);
      for (const id of locationIds) {
        const location = locked.get(id);
        const reason = locationRefusal(location && isKnownLocation(location) ? location : undefined, id, use);
        if (reason) throw new Unprocessable(reason);
      }
      const drafts = lines.map((l) => ({
        itemId: l.item.id,
        locationId: l.locationId,
        type: 'opening' as const,
        quantity: toUnits(l.quantity),
        transferId: null,
        operationId: input.operationId,
        reason: null,
        reference: '',
        note: '',
      }));
      const { changed } = await applyStockChanges(tx, { workspaceId, userId: input.userId }, { movements: drafts }, labelsFrom(items, locked), new Date());
      const position = await recordStockChanges(tx, workspaceId, changed, requestId);
      return { movements: lines.length, position: position ?? 0 };
    }),
  );
}
