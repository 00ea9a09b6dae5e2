import { EntityIdSchema, z } from '@inv/shared/core';
import { ctx, CursorPagination, cursorBinding, encodeCursor, IdPairKey, pageRequest, queryArray, routesFor, setNextLink, setTotalCount, single } from '@inv/shared/http';
import { transfersCreated } from '@inv/shared/observability';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { MAX_REPLENISHMENT_LINES, ReplenishBody, ReplenishmentLine, ReplenishmentRun } from '../domain/replenishment';
import { replenish, replenishmentPlan } from '../use-cases/replenish';
import { answeredWithPosition, answerLatestPosition } from './stock-position';

export const ReplenishmentQuery = z.strictObject({
  locationId: queryArray(EntityIdSchema).openapi({ description: 'Only these locations (the destinations; repeated or comma-separated)' }),
  sourceLocationId: single(EntityIdSchema).optional().openapi({ description: 'Only the lines drawing on this source (the locations whose replenishFrom it is)' }),
  ...CursorPagination.shape,
});

const PLANNING = `Each (item, location) whose free stock (onHand − reserved) is below its par level minimum is a line: needed = target − (onHand − reserved + incoming + onOrder + drafted) (pending transfers on their way, and the open quantities of submitted and draft purchase orders arriving there), never below 0; its source is the location's replenishFrom. What a source can give of an item (availableAtSource) is its on-hand − what pending transfers reserve there − its own minimum for the item when it has a par level, never below 0. Lines drawing on the same source and item share it, served emptiest first relative to their minimum (position / minimum, lowest first; ties by location id), each proposed what it needs or what is left, so the proposals from one source never add up to more than it can give; shortfall = needed − proposed. A location without a source is refilled from the item's supplier (supplierId): it is proposed the whole need; an item without a supplier has its whole need short. Lines of inactive locations or locations being deleted, and of items that no longer track stock, are left out. At most ${MAX_REPLENISHMENT_LINES} pairs below par per call (422 past it: narrow by location or source).`;

const route = routesFor<ServiceRuntime>();

export const replenishmentRoutes = [
  route({
    method: 'get',
    operationId: 'listReplenishment',
    path: '/inventory/replenishment',
    summary: 'List what needs a refill, and what its source can give',
    description: `${PLANNING} Ordered by itemId then locationId, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"); X-Total-Count is exact. A member with restricted location access sees the lines whose location and source it may both read. Read from the balances as committed: a run (POST) decides again under the ledger's locks.`,
    scope: 'inventory.read',
    tags: ['Inventory'],
    request: { query: ReplenishmentQuery },
    responses: { 200: { description: 'The lines below par', schema: z.array(ReplenishmentLine), totalCount: true, nextLink: true } },
    handler: async ({ query }, { deps, req, res }) => {
      const caller = ctx(req);
      const binding = cursorBinding(caller.workspace.id, 'GET /inventory/replenishment', query);
      const page = pageRequest(query, binding, IdPairKey);
      const lines = await replenishmentPlan(deps, caller, { locationIds: query.locationId, sourceLocationId: query.sourceLocationId });
      // The plan is whole (a source's lines share what it gives, whichever page shows them): a page is a slice of it.
      const after = page.after;
      const rest = after ? lines.filter((l) => l.itemId > after[0] || (l.itemId === after[0] && l.locationId > after[1])) : lines;
      const rows = rest.slice(page.offset, page.offset + page.limit);
      const last = rows[rows.length - 1];
      if (!after) setTotalCount(res, lines.length);
      setNextLink(req, res, caller.workspace.id, rest.length > page.offset + page.limit && last ? encodeCursor([last.itemId, last.locationId], binding) : undefined);
      return rows;
    },
  }),
  route({
    method: 'post',
    operationId: 'replenish',
    path: '/inventory/replenishment',
    summary: 'Refill locations below par from their sources',
    description: `Creates the transfers the plan of GET /inventory/replenishment proposes, decided again under the ledger's locks: one transfer per (source, destination) pair holding its lines, pending by default (reserved at the source until the destination completes it; status completed moves the stock at once), reason "replenishment", origin replenishment; and for locations without a source one draft purchase order per (supplier, location), origin replenishment, at the items' catalog cost (submit it to put it on order). Answers 201 with the transfers, the purchase orders and the lines left short; lines with nothing to propose are left out, and a run with nothing to do answers 201 with empty lists. ${PLANNING} Two runs at once never reserve the same stock twice nor refill past a target (the second plans from what the first committed), and a source is never taken below its own minimum. All or nothing. A member with restricted location access needs write access to the locations and the source it names (403), and otherwise refills the locations it may write, from sources it may write. The transfers are ordinary: complete, reject or cancel each as any other; each counts toward the plan's transfers per billing cycle (403 exceeded_limit past it, and nothing is created).`,
    scope: 'transfers.write',
    tags: ['Inventory'],
    idempotent: true,
    beforeReplay: answerLatestPosition,
    request: { body: { schema: ReplenishBody, required: false } },
    responses: { 201: { description: 'The transfers created, and the lines left short', schema: ReplenishmentRun } },
    handler: async ({ body }, { deps, req, res, guard }) => {
      const run = await answeredWithPosition(res, replenish(deps, ctx(req), body ?? {}, guard));
      transfersCreated.add(run.transfers.length);
      return run;
    },
  }),
];
