import { ApiId, ApiTimestamp, type EntityId, EntityIdSchema, Forbidden, type LocationAccess, z } from '@inv/shared/core';
import { fromMoney, fromSignedMoney, type Money, type Value, valueToCents } from './money';
import { fromUnits, type Units } from './quantity';
import { UnitCost } from './purchase-orders';
import { ActorRecord } from './stock-records';

/**
 * Revaluations (docs/purchasing.md#correcting-a-cost): a wrong average cost is corrected by setting
 * it, as a recorded event of its own (never an edit of a receipt or a movement). It moves the value
 * of every unit on hand of the item, at every location, by (new − old) × on hand; jobs completed
 * before keep the costs they froze; valuation asOf before it shows the old average, after it the new.
 */

export const RevalueBody = z
  .strictObject({
    itemId: EntityIdSchema.openapi({ description: 'A stock-tracked item of the workspace (422 otherwise)', example: '3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37' }),
    averageCost: UnitCost.openapi({ description: 'The average cost one unit of the item is valued at from now on: ≥ 0, at most 6 decimals', example: 180 }),
    reason: z.string().trim().min(1).max(200).openapi({ description: 'Why (1 to 200 characters), kept with the revaluation', example: 'Receipt keyed at 1950 instead of 180' }),
    note: z.string().max(2000).optional().openapi({ description: 'Up to 2,000 characters; default ""' }),
  })
  .openapi('Revalue');
export type RevalueInput = z.output<typeof RevalueBody>;

export interface RevaluationRecord {
  id: EntityId;
  itemId: EntityId;
  /** The average in force before (its catalog cost when none was stored; null when neither was known). */
  averageCostBefore: Money | null;
  averageCost: Money;
  /** The item's on-hand over the workspace when it was revalued. */
  onHand: Units;
  /** onHand × (averageCost − averageCostBefore), exact; onHand × averageCost when the cost before was unknown. */
  valueChange: Value;
  reason: string;
  note: string;
  createdAt: string;
  createdBy: { userId: string; keyId: string };
}

/** A revaluation of `item` from the average it has over `onHand` units to `averageCost`. */
export function revaluation(fields: Pick<RevaluationRecord, 'id' | 'itemId' | 'reason' | 'note' | 'createdAt' | 'createdBy'>, onHand: Units, before: Money | null, averageCost: Money): RevaluationRecord {
  return { ...fields, onHand, averageCostBefore: before, averageCost, valueChange: onHand * (averageCost - (before ?? 0n)) };
}

/**
 * Who may revalue: a member whose location access is restricted may not (403): an item's average is
 * one for the whole workspace, so the change moves the value of stock at locations it cannot see.
 */
export function revaluationRefusal(access: LocationAccess): Forbidden | undefined {
  return access.restricted
    ? new Forbidden('Revaluing an item changes the value of its stock at every location; a member with restricted location access cannot revalue.')
    : undefined;
}

export const Revaluation = z
  .object({
    id: ApiId,
    itemId: ApiId,
    averageCostBefore: z.number().nullable().openapi({ description: "The item's average cost before (its catalog cost when none had been set by a receipt); null when neither was known", example: 888 }),
    averageCost: z.number().openapi({ description: 'The average cost set', example: 180 }),
    onHand: z.number().openapi({ description: "The item's on-hand over the workspace when it was revalued", example: 4 }),
    valueChange: z.number().openapi({ description: 'onHand × (averageCost − averageCostBefore), rounded to cents (negative when the stock is worth less)', example: -2832 }),
    reason: z.string(),
    note: z.string(),
    createdAt: ApiTimestamp,
    createdBy: ActorRecord,
  })
  .openapi('Revaluation', { description: "A correction of an item's average cost, recorded with the cost changes." });
export type Revaluation = z.infer<typeof Revaluation>;

export function presentRevaluation(r: RevaluationRecord): Revaluation {
  return {
    id: r.id,
    itemId: r.itemId,
    averageCostBefore: r.averageCostBefore === null ? null : fromMoney(r.averageCostBefore),
    averageCost: fromMoney(r.averageCost),
    onHand: fromUnits(r.onHand),
    valueChange: fromSignedMoney(valueToCents(r.valueChange)),
    reason: r.reason,
    note: r.note,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
  };
}
