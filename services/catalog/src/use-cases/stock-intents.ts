import { type Caller, CatalogEvents, type CloseItems, type ClosingPurpose, DeadlinePassed, INTENT_LEASE_MS, MAX_CLOSED_ITEMS, newId, type RecordOpening, RecordedOpening, STOCK_SERVICE, StockCommands } from '@inv/shared/core';
import { CommandUnanswered, recordEvent } from '@inv/shared/messaging';
import { type ServiceRuntime, transact } from '@inv/shared/runtime';

export type OpeningLine = RecordOpening['lines'][number];

type Runtime = Pick<ServiceRuntime, 'pool' | 'outbox' | 'client' | 'logger'>;

/**
 * The two rules of an item the stock service must answer before the catalog commits, each as an
 * intent the stock service records first, then the catalog's commit that confirms it, with no
 * lock held here while the stock service is asked (docs/consistency.md):
 * - opening stock: the stock service records the opening movements of the new items (their copies
 *   unconfirmed until the catalog's item.created arrives); the catalog then commits the items;
 * - making an item catalog-only, or changing how its units are told apart (its tracking): the
 *   stock service closes it to new stock, having checked under its lock that it may (the closing's
 *   purpose says what it checks); the catalog then commits the change (its item.updated names the
 *   attempt).
 * If the catalog does not commit, the intent is abandoned through the outbox (an event the stock
 * service applies once, whenever it can); a process that dies in between leaves it to the stock
 * service's sweeper, which asks the catalog what it committed.
 */

/** What the protocols ask of the stock service (and of the outbox, to abandon): stockPort makes it for a caller. */
export interface StockPort {
  recordOpening(operationId: string, lines: readonly OpeningLine[]): Promise<RecordedOpening>;
  closeItems(attempt: string, itemIds: readonly string[], purpose: ClosingPurpose): Promise<void>;
  /** Durably asks for the opening to be cancelled (an outbox event); does not wait for the stock service. */
  abandonOpening(operationId: string): Promise<unknown>;
  /** Durably asks for the items to be reopened (an outbox event); does not wait for the stock service. */
  abandonClosing(attempt: string, itemIds: readonly string[]): Promise<unknown>;
  /** Where a failure to record an abandonment is reported: the stock service's sweeper settles it later. */
  reportAbandonFailure(err: unknown, what: 'opening' | 'closing'): void;
}

/** The stock port of a caller: its commands carry the caller, its abandonments the caller's request. */
export function stockPort(runtime: Runtime, caller: Caller): StockPort {
  const workspaceId = caller.workspace.id;
  const call = { workspaceId, requestId: caller.requestId };
  return {
    recordOpening: async (operationId, lines) =>
      RecordedOpening.parse(await runtime.client.request(STOCK_SERVICE, StockCommands.recordOpening, { operationId, caller, lines: [...lines] } satisfies RecordOpening, call)),
    closeItems: async (attempt, itemIds, purpose) => {
      await runtime.client.request(STOCK_SERVICE, StockCommands.closeItems, { attempt, itemIds: [...itemIds], purpose } satisfies CloseItems, call);
    },
    abandonOpening: (operationId) => transact(runtime, (tx) => recordEvent(tx, CatalogEvents.openingAbandoned, workspaceId, { operationId }, caller.requestId)),
    abandonClosing: (attempt, itemIds) => transact(runtime, (tx) => recordEvent(tx, CatalogEvents.closingAbandoned, workspaceId, { attempt, itemIds: [...itemIds] }, caller.requestId)),
    reportAbandonFailure: (err, what) => runtime.logger.error({ err }, `could not record the abandonment of an ${what}; the stock service's sweeper will settle it`),
  };
}

/** One opening: its lines, recorded all or nothing under its operation id (at most MAX_OPENING_LINES). */
export interface Opening {
  operationId: string;
  lines: readonly OpeningLine[];
}

/**
 * Records the openings of new items' stock, then runs `commit` (the catalog's transaction), which
 * must commit within half of INTENT_LEASE_MS of the first opening asked for (`stillHeld()` last
 * before COMMIT): the stock service's sweeper settles openings left unconfirmed past it. A
 * failure of either abandons every opening asked for (each may have been recorded: a refusal, an
 * unanswered command, the catalog's own COMMIT failing) and is thrown as it was. Answers what
 * `commit` answers, with the stock position the openings reached (0: none).
 */
export async function withOpenings<T>(
  stock: StockPort,
  openings: readonly Opening[],
  commit: (stillHeld: () => void) => Promise<T>,
  now: () => number = Date.now,
): Promise<{ result: T; stockPosition: number }> {
  const asked: string[] = [];
  const askedAt = now();
  const stillHeld = () => {
    if (now() - askedAt > INTENT_LEASE_MS / 2) throw intentExpired('the opening stock');
  };
  let committing = false;
  try {
    let stockPosition = 0;
    for (const { operationId, lines } of openings) {
      if (lines.length === 0) continue;
      asked.push(operationId);
      stockPosition = Math.max(stockPosition, (await stock.recordOpening(operationId, lines)).position);
    }
    committing = true;
    return { result: await commit(stillHeld), stockPosition };
  } catch (err) {
    for (const operationId of asked) await stock.abandonOpening(operationId).catch((failure: unknown) => stock.reportAbandonFailure(failure, 'opening'));
    throw committing ? err : undoneRefusal(err);
  }
}

/** What `commit` is given while items are closed: the attempt to name in the events that confirm it, and the check to make last before COMMIT. */
export interface Closing {
  attempt: string;
  /** The items closed under it, each for its purpose: only a change of one of them, for that purpose, confirms it. */
  purposes: ReadonlyMap<string, ClosingPurpose>;
  /** Throws once the stock service may have stopped holding the items closed (half its lease gone): the change must not commit then. */
  stillHeld(): void;
}

/**
 * Has the stock service close each item of `closes` to new stock for its purpose (refused, 409,
 * while the purpose does not allow it: stock on hand for catalog_only; in commands of
 * MAX_CLOSED_ITEMS items of one purpose, all under one attempt), then runs `commit`, which must
 * commit its change within half of INTENT_LEASE_MS (`closing.stillHeld()` last before COMMIT) and
 * answer the items its events confirmed (they name the attempt). The closing of the others is
 * abandoned, and of all of them when anything failed. No items: `commit` runs alone.
 */
export async function withItemsClosed<T>(
  stock: StockPort,
  closes: ReadonlyMap<string, ClosingPurpose>,
  commit: (closing: Closing | undefined) => Promise<{ result: T; confirmed: readonly string[] }>,
  now: () => number = Date.now,
): Promise<T> {
  const itemIds = [...closes.keys()];
  if (itemIds.length === 0) return (await commit(undefined)).result;
  const attempt = newId();
  const closedAt = now();
  const abandonClosing = async (ids: readonly string[]) => {
    for (const chunk of chunks(ids, MAX_CLOSED_ITEMS)) await stock.abandonClosing(attempt, chunk).catch((failure: unknown) => stock.reportAbandonFailure(failure, 'closing'));
  };
  let committing = false;
  try {
    for (const purpose of new Set(closes.values())) {
      for (const chunk of chunks(itemIds.filter((id) => closes.get(id) === purpose), MAX_CLOSED_ITEMS)) await stock.closeItems(attempt, chunk, purpose);
    }
    committing = true;
    const stillHeld = () => {
      if (now() - closedAt > INTENT_LEASE_MS / 2) throw intentExpired(`the items closed (${itemIds.slice(0, 3).join(', ')}${itemIds.length > 3 ? ', …' : ''})`);
    };
    const { result, confirmed } = await commit({ attempt, purposes: closes, stillHeld });
    const confirmedIds = new Set(confirmed);
    await abandonClosing(itemIds.filter((id) => !confirmedIds.has(id)));
    return result;
  } catch (err) {
    await abandonClosing(itemIds);
    throw committing ? err : undoneRefusal(err);
  }
}

/**
 * The attempt the event of a change of `itemId` must name: the closing's when the change needs
 * the stock service's decision (`purpose`: closingPurpose of the item as locked) and the item was
 * closed for it; none when it needs none. Throws `unplanned()` when it needs one the item was not
 * closed for: what to close was planned from a read made before the lock, and the item has changed
 * since (issue 44 §6), so the change must not commit as it is.
 */
export function confirmedAttempt(closing: Closing | undefined, itemId: string, purpose: ClosingPurpose | undefined, unplanned: () => Error): string | undefined {
  if (purpose === undefined) return undefined;
  if (closing?.purposes.get(itemId) !== purpose) throw unplanned();
  return closing.attempt;
}

/**
 * The catalog's change came too late to commit under its intent (half of INTENT_LEASE_MS gone
 * since the stock service was asked: its sweeper may settle the intent from then on): it rolls
 * back, and the intent is abandoned.
 */
function intentExpired(what: string): DeadlinePassed {
  return new DeadlinePassed(`the catalog could commit while the stock service still held ${what}`, 'unchanged');
}

/**
 * What the caller is told when the stock service did not answer an intent: the catalog committed
 * nothing and has abandoned the intent (durably, or left it to the sweeper), so the refusal says
 * "nothing was changed" rather than the unanswered command's "may have been done".
 */
function undoneRefusal(err: unknown): unknown {
  return err instanceof CommandUnanswered ? err.undone : err;
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
