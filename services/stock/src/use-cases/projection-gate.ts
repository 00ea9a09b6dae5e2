import { CATALOG_SERVICE, CatalogCommands, CommittedLocation, ItemSnapshot, LocationCommands, LOCATIONS_SERVICE, Overloaded, z } from '@inv/shared/core';
import { withTransaction } from '@inv/shared/db';
import { copiesResolved } from '@inv/shared/observability';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { isKnownItem, isKnownLocation, isPricedItem, type ItemRow, type LocationRow, storeResolvedItems, storeResolvedLocation } from '../data/projection-repository';
import { isFencedPast, type ItemNeeds } from '../domain/projected-facts';
import { judgeCopyChanges } from './item-health-changes';

type Runtime = Pick<ServiceRuntime, 'pool' | 'client' | 'config'>;

/** An entity the copy could not vouch for, with the fence the copy had then (null: none, or no row). */
export interface Wanting {
  id: string;
  fence: number | null;
}

/**
 * Thrown inside a transaction that read copies it cannot trust (missing, unconfirmed, or fenced
 * past what they hold): the transaction rolls back, withTrustedCopies asks the owners and runs it
 * again.
 */
export class ProjectionGap extends Error {
  constructor(
    readonly items: Wanting[],
    readonly locations: Wanting[],
  ) {
    super('the stock service cannot vouch for its copy of some items or locations');
  }
}

/** How many times an attempt runs: the first on the copies, then after asking the owners, again while fences keep landing (an item edited many times a second), each round one question shared by the requests waiting on it, within the deadline. */
const ATTEMPTS = 6;
/**
 * After this long in the gate, the next attempt is the last: a write that has waited a second for
 * an owner's changes to settle is in contention with them, and is told so (the retryable 429)
 * rather than kept waiting round after round while edits of its item keep landing; the writes
 * queued behind it on the same rows would wait as long (docs/overload.md).
 */
const GATE_WAIT_MS = 1_000;

/**
 * Runs `attempt` (a whole transaction) on the stock service's copies of items and locations;
 * when it finds one it cannot trust (requireTrusted throws ProjectionGap), asks the owning
 * services, stores their answers and runs it again, at most ATTEMPTS times and no new round after
 * GATE_WAIT_MS. On the last attempt, `final` is true:
 * requireTrusted then lets entities that exist nowhere through as absent (the caller refuses
 * them by rule) and refuses a copy still fenced (a change of it is committing right now).
 *
 * This is how a rule the stock service enforces from another service's data holds from the
 * moment that service acknowledged the change (docs/consistency.md): owners fence the copy before
 * committing, and a fenced copy is never used. The owners are asked only in that window or for
 * entities never heard of, never on the common path.
 */
export async function withTrustedCopies<T>(runtime: Runtime, workspaceId: string, requestId: string | null, attempt: (final: boolean) => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let round = 1; ; round += 1) {
    try {
      return await attempt(round === ATTEMPTS || (round > 1 && Date.now() - started >= GATE_WAIT_MS));
    } catch (err) {
      if (!(err instanceof ProjectionGap)) throw err;
      await askOwnersOnce(runtime, workspaceId, err, requestId);
    }
  }
}

/**
 * Checks that the copies read for `wanted` can be trusted; throws ProjectionGap naming those that
 * cannot (on a final attempt: the retryable refusal for a copy still fenced, nothing for one
 * that does not exist, which the caller then refuses as unknown).
 */
export function requireTrusted(
  wanted: { itemIds: readonly string[]; locationIds: readonly string[]; pricedItemIds?: readonly string[]; itemNeeds?: ItemNeeds },
  copies: { items: ReadonlyMap<string, ItemRow>; locations: ReadonlyMap<string, LocationRow> },
  final: boolean,
): void {
  const priced = new Set(wanted.pricedItemIds ?? []);
  const unpriced = [...priced].filter((id) => {
    const copy = copies.items.get(id);
    return copy !== undefined && isKnownItem(copy) && !isPricedItem(copy);
  });
  const needs = wanted.itemNeeds ?? 'every part';
  const items = [...wanting(wanted.itemIds.filter((id) => !priced.has(id)), copies.items, (row) => isKnownItem(row, needs)), ...wanting([...priced], copies.items, isPricedItem)];
  const locations = wanting(wanted.locationIds, copies.locations, isKnownLocation);
  if (items.length === 0 && locations.length === 0) return;
  if (!final) throw new ProjectionGap(items, locations);
  const changing = [...items.filter((i) => i.fence !== null).map((i) => `item ${i.id}`), ...locations.filter((l) => l.fence !== null).map((l) => `location ${l.id}`)];
  // Contention with the owner's changes, not a conflict with what was asked: the same request succeeds once they settle.
  if (changing.length > 0) throw new Overloaded(`${changing.join(' and ')} kept changing while this request was being decided (contention); nothing was changed.`);
  // A known item whose prices the catalog did not give when asked (an older catalog): nothing can be priced from it yet.
  if (unpriced.length > 0) throw new Overloaded(`The catalog did not give the prices of item ${unpriced.join(', ')}; nothing was changed.`);
}

const GET_ITEMS_LIMIT = 1000;

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

function wanting<Row extends ItemRow | LocationRow>(ids: readonly string[], copies: ReadonlyMap<string, Row>, known: (row: Row) => boolean): Wanting[] {
  return [...new Set(ids)].flatMap((id) => {
    const copy = copies.get(id);
    if (copy && known(copy)) return [];
    return [{ id, fence: copy && isFencedPast(copy) ? copy.fence : null }];
  });
}

/**
 * For reads that show names and SKUs from the copies: runs `read`, and when it showed a copy
 * fenced past what it holds (a change committing or just committed), asks the owners and reads
 * once more, so the answer reflects every change acknowledged before it was asked for.
 */
export async function readTrustedCopies<T>(
  runtime: Runtime,
  workspaceId: string,
  requestId: string | null,
  read: () => Promise<{ value: T; fenced: { items: Wanting[]; locations: Wanting[] } }>,
): Promise<T> {
  const first = await read();
  if (first.fenced.items.length === 0 && first.fenced.locations.length === 0) return first.value;
  await askOwnersOnce(runtime, workspaceId, first.fenced, requestId);
  return (await read()).value;
}

/** The questions to the owners this process is asking now, by what they ask. */
const asking = new Map<string, Promise<void>>();

/**
 * askOwners, once per question at a time in this process: the requests that find the same
 * entities fenced at the same moment (every write of an item an edit is fencing) wait for one
 * answer instead of each sending the owner a question that waits on the same row lock, holding one
 * of the owner's connections. Only a cost saved: each of them reads the copies again afterwards,
 * and one whose shared question failed (its asker's deadline, say) asks for itself.
 */
function askOwnersOnce(runtime: Runtime, workspaceId: string, gap: { items: Wanting[]; locations: Wanting[] }, requestId: string | null): Promise<void> {
  const question = JSON.stringify([workspaceId, gap.items.map((i) => [i.id, i.fence]).sort(), gap.locations.map((l) => [l.id, l.fence]).sort()]);
  const asked = asking.get(question);
  if (asked) return asked.catch(() => askOwners(runtime, workspaceId, gap, requestId));
  const asks = askOwners(runtime, workspaceId, gap, requestId).finally(() => asking.delete(question));
  asking.set(question, asks);
  return asks;
}

/**
 * Asks the owners for what the copies lacked, as committed once no write to them is in flight,
 * and stores it (in a transaction, for its retry: the upsert may meet a consumer batch applying
 * events in another order). Entities an owner does not know stay absent. A copy that learns a
 * change of an item's threshold or tracking here, before the catalog's event, judges the item's
 * health at that change, for the caller the fence recorded (item-health-changes.ts).
 */
async function askOwners(runtime: Runtime, workspaceId: string, gap: { items: Wanting[]; locations: Wanting[] }, requestId: string | null): Promise<void> {
  for (const [kind, wanting] of [['item', gap.items], ['location', gap.locations]] as const) {
    for (const w of wanting) copiesResolved.add(1, { kind, reason: w.fence === null ? 'unknown' : 'fenced' });
  }
  const call = { workspaceId, requestId, timeoutMs: runtime.config.PROJECTION_CALL_TIMEOUT_MS };
  const [items, locations] = await Promise.all([
    // At most GET_ITEMS_LIMIT ids per question (a large import may lack many copies at once).
    Promise.all(chunks(gap.items.map((i) => i.id), GET_ITEMS_LIMIT).map((itemIds) => runtime.client.request(CATALOG_SERVICE, CatalogCommands.getItems, { itemIds }, call))).then((answers) =>
      answers.flatMap((answer) => z.array(ItemSnapshot).parse(answer)),
    ),
    Promise.all(
      gap.locations.map(async (wanted) => {
        const answer = CommittedLocation.nullable().parse(await runtime.client.request(LOCATIONS_SERVICE, LocationCommands.get, { locationId: wanted.id }, call));
        return answer && answer.id === wanted.id ? { answer, fence: wanted.fence } : undefined;
      }),
    ),
  ]);
  const asked = new Map(gap.items.map((i) => [i.id, i.fence]));
  await withTransaction(runtime.pool, async (tx) => {
    const changed = await storeResolvedItems(tx, workspaceId, items.filter((i) => asked.has(i.id)), asked);
    await judgeCopyChanges(tx, changed, (change) => ({ actor: change.fenceActor, requestId: null }));
    for (const found of locations) if (found) await storeResolvedLocation(tx, workspaceId, found.answer, found.fence);
  });
}
