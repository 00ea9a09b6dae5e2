import { BadRequest, Conflict, isId, transact, Unprocessable, type RecordOpening, type ServiceRuntime } from '@inv/shared';
import { claimOpening, findOpening, type OpeningRow } from '../data/opening-repository';
import { lockLocations, storeOpeningItems } from '../data/projection-repository';
import { locationRefusal } from '../domain/location-rules';
import { hasAllowedPrecision, QUANTITY_DECIMALS, toUnits } from '../domain/quantity';
import { labelsFrom } from './labels';
import { applyStockChanges } from './stock-changes';
import { resolveLocations } from './resolve-references';

/**
 * Records the opening stock of newly created items, all or nothing, once per operationId (a
 * repeat answers the first result). Throws BadRequest for a quantity finer than the ledger's
 * precision; Unprocessable for a catalog-only item or a location that is unknown, deleted,
 * inactive or closed; Conflict when the operation was cancelled before it arrived.
 */
export async function recordOpening(runtime: ServiceRuntime, workspaceId: string, requestId: string | null, input: RecordOpening): Promise<{ movements: number }> {
  const answerRepeat = (previous: OpeningRow | undefined) => {
    if (previous?.cancelled_at) throw new Conflict(`Opening ${input.operationId} was cancelled.`);
    return { movements: previous?.movements ?? 0 };
  };
  const earlier = await findOpening(runtime.pool, workspaceId, input.operationId);
  if (earlier) return answerRepeat(earlier);
  input.lines.forEach((line, index) => {
    if (!isId(line.item.id)) throw new BadRequest(`lines[${index}].item.id: not an item id.`);
    if (!hasAllowedPrecision(line.quantity)) throw new BadRequest(`lines[${index}].quantity: at most ${QUANTITY_DECIMALS} decimal places.`);
    if (!line.item.trackStock) throw new Unprocessable(`Item "${line.item.sku}" is catalog-only (trackStock: false) and cannot hold opening stock.`);
  });
  const lines = input.lines.map((l) => ({ ...l, item: { ...l.item, id: l.item.id.toLowerCase() }, locationId: l.locationId.toLowerCase() }));
  const locationIds = [...new Set(lines.map((l) => l.locationId))];
  const locations = await resolveLocations(runtime, workspaceId, locationIds, requestId);
  const items = new Map(lines.map((l) => [l.item.id, { id: l.item.id, sku: l.item.sku, description: l.item.description, track_stock: true, confirmed: false }]));
  const use = { addsStock: true, requireActive: true };
  for (const id of locationIds) {
    const reason = locationRefusal(locations.get(id), id, use);
    if (reason) throw new Unprocessable(reason);
  }
  return transact(runtime, async (tx) => {
    if (!(await claimOpening(tx, workspaceId, input.operationId, lines.length))) return answerRepeat(await findOpening(tx, workspaceId, input.operationId));
    await storeOpeningItems(tx, workspaceId, lines.map((l) => l.item));
    const locked = new Map((await lockLocations(tx, workspaceId, locationIds, 'share')).map((l) => [l.id, l]));
    for (const id of locationIds) {
      const reason = locationRefusal(locked.get(id), id, use);
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
    await applyStockChanges(tx, { workspaceId, userId: input.userId, requestId }, { movements: drafts }, labelsFrom(items, locations), new Date());
    return { movements: lines.length };
  });
}
