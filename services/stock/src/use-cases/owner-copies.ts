import { type Caller, CATALOG_SERVICE, CLOCK_MARGIN_MS, CatalogCommands, DependencyAway, ItemSnapshot, LocationCommands, LOCATIONS_SERVICE, type Owner, OwnerPositionAnswer, z } from '@inv/shared/core';
import { inUnitOfWork, RunAgain } from '@inv/shared/db';
import { timeLeft } from '@inv/shared/http';
import { appliedThrough } from '@inv/shared/messaging';
import { ownerChangesWait } from '@inv/shared/observability';
import { type ServiceRuntime, transactOnce } from '@inv/shared/runtime';
import { fillCopiedFields, type ItemRow, type LocationRow, missingCopies } from '../data/projection-repository';

type Runtime = Pick<ServiceRuntime, 'pool' | 'broker' | 'client' | 'config'>;

/** Positions of the owners whose changes the stock service copies (shared/src/messaging/owner-events.ts). */
export type OwnerPositions = Partial<Record<Owner, number>>;

/**
 * Owners publish, the ledger orders (docs/consistency.md). The catalog and the locations service
 * number their workspace's changes of items and locations (owner positions) and never ask the
 * stock service before they commit; the gateway passes the latest positions any caller of the
 * workspace had acknowledged with every call; and the stock service decides from, and shows, its
 * copies only once they have applied those positions, waiting for them within the request's
 * deadline when they have not. A copy that lacks an entity altogether first catches up with what
 * its owner has committed (catchUpWithOwners): the entity may be newer than anything a caller
 * passed (a workspace's default location, made by the gateway's provisioning).
 */

/** Workspaces whose positions a process remembers; the oldest are forgotten first (a lower bound, so forgetting only costs a read). */
const REMEMBERED_WORKSPACES = 10_000;

/** Per workspace, the applied positions this process last read: they only grow, so a decision they satisfy needs no read. */
const seenApplied = new Map<string, OwnerPositions>();
/** Per workspace, the owners' latest positions this process last asked for, and when (for calls whose gateway may have lost some). */
const askedOwners = new Map<string, { at: number; positions: OwnerPositions }>();
/** The reads of applied positions in flight, per workspace, shared by the requests waiting on them. */
const reading = new Map<string, Promise<OwnerPositions>>();

/**
 * Waits until the copies have applied every change of items and locations the caller's gateway
 * said was acknowledged (the context's owner positions); when it could not say ('unknown': Redis
 * away) or may have lost some (`since`), the owners are asked how far they are. Costs nothing when
 * this process already saw the copies there. Throws the retryable refusal (DependencyAway, nothing
 * changed) when they do not get there within READ_YOUR_WRITES_WAIT_MS or the request's deadline.
 */
export async function awaitOwnerChanges(runtime: Runtime, caller: Caller): Promise<void> {
  await awaitApplied(runtime, caller.workspace.id, await requiredPositions(runtime, caller));
}

/** Catches the copies up with what `owners` have committed in the workspace (their latest positions, asked now): for entities the copies lack. */
export async function catchUpWithOwners(runtime: Runtime, workspaceId: string, owners: readonly Owner[]): Promise<void> {
  await awaitApplied(runtime, workspaceId, await askOwners(runtime, workspaceId, owners));
}

/**
 * Runs `attempt` (a unit of work that decides from copies: its reads, then one transaction) with
 * `requireCopies`, which it calls on the copies it read: when they lack an item or a location it
 * names, the unit runs again (inUnitOfWork, the one place that retries) once the copies have caught
 * up with what that owner has committed; on that run it decides, refusing what is still unknown.
 */
export function withCopiesCaughtUp<T>(
  runtime: Runtime,
  workspaceId: string,
  attempt: (requireCopies: (wanted: Parameters<typeof missingCopies>[0], copies: Parameters<typeof missingCopies>[1]) => void) => Promise<T>,
): Promise<T> {
  let caughtUp = false;
  const requireCopies: Parameters<typeof attempt>[0] = (wanted, copies) => {
    if (caughtUp) return;
    const missing = missingCopies(wanted, copies);
    const owners = (['catalog', 'locations'] as const).filter((owner) => missing[owner].length > 0);
    if (owners.length === 0) return;
    throw new RunAgain(
      `the copies lack some of ${owners.join(' and ')}`,
      async () => {
        await catchUpWithOwners(runtime, workspaceId, owners);
        caughtUp = true;
      },
      () => new DependencyAway(`The ${owners.join(' and ')} service${owners.length > 1 ? 's' : ''} (asked what they have committed)`, 'unchanged'),
    );
  };
  return inUnitOfWork(() => attempt(requireCopies));
}

/**
 * A RunAgain for a decision that reads a field of items copies made before it was copied lack:
 * prices (a job's completion prices items; null) or the supplier (replenishment orders from it; not
 * supplier_known). First the catalog is asked what it has committed of them, and their copies take
 * what they lack (fillCopiedFields). Undefined when every copy holds it.
 */
export function incompleteCopies(
  runtime: Runtime & Pick<ServiceRuntime, 'outbox'>,
  workspaceId: string,
  itemIds: readonly string[],
  copies: ReadonlyMap<string, ItemRow>,
  field: 'prices' | 'supplier',
): RunAgain | undefined {
  const lacking = lackingCopies(itemIds, copies, field);
  if (lacking.length === 0) return undefined;
  return new RunAgain(
    `copies of items predate copied ${field}`,
    () => fillFromCatalog(runtime, workspaceId, lacking),
    () => new DependencyAway(`The catalog service (asked for the ${field} of items copied before ${field === 'prices' ? 'prices were' : 'suppliers were'})`, 'unchanged'),
  );
}

const lacks = (copy: ItemRow, field: 'prices' | 'supplier'): boolean => (field === 'prices' ? copy.cost === null : !copy.supplier_known);

/** Asks the catalog for what it has committed of some items and fills what their copies lack. */
export async function fillFromCatalog(runtime: Runtime & Pick<ServiceRuntime, 'outbox'>, workspaceId: string, itemIds: readonly string[]): Promise<void> {
  const committed = z.array(ItemSnapshot).parse(await runtime.client.request(CATALOG_SERVICE, CatalogCommands.getItems, { itemIds }, { workspaceId, readsOnly: true }));
  await transactOnce(runtime, (tx) => fillCopiedFields(tx, workspaceId, committed));
}

/** The items among `itemIds` whose copies lack `field`. */
export function lackingCopies(itemIds: readonly string[], copies: ReadonlyMap<string, ItemRow>, field: 'prices' | 'supplier'): string[] {
  return itemIds.filter((id) => copies.has(id) && lacks(copies.get(id)!, field));
}

async function requiredPositions(runtime: Runtime, caller: Caller): Promise<OwnerPositions> {
  const workspaceId = caller.workspace.id;
  const writes = caller.writes;
  if (writes === 'unknown') return askOwners(runtime, workspaceId, ['catalog', 'locations']);
  const known: OwnerPositions = { catalog: writes.catalog, locations: writes.locations };
  if (writes.since === undefined) return known;
  const asked = askedOwners.get(workspaceId);
  const latest = asked && asked.at >= writes.since + CLOCK_MARGIN_MS ? asked.positions : await askOwners(runtime, workspaceId, ['catalog', 'locations']);
  return { catalog: Math.max(known.catalog ?? 0, latest.catalog ?? 0), locations: Math.max(known.locations ?? 0, latest.locations ?? 0) };
}

/** The owners' latest positions in the workspace (each asked in parallel, read-only commands), remembered with when they were asked. */
async function askOwners(runtime: Runtime, workspaceId: string, owners: readonly Owner[]): Promise<OwnerPositions> {
  const at = Date.now();
  const call = { workspaceId, timeoutMs: runtime.config.PROJECTION_CALL_TIMEOUT_MS, readsOnly: true };
  const answers = await Promise.all(
    owners.map(async (owner) => {
      const answer = owner === 'catalog' ? runtime.client.request(CATALOG_SERVICE, CatalogCommands.position, {}, call) : runtime.client.request(LOCATIONS_SERVICE, LocationCommands.position, {}, call);
      return [owner, OwnerPositionAnswer.parse(await answer).position] as const;
    }),
  );
  const positions: OwnerPositions = Object.fromEntries(answers);
  if (owners.length === 2) remember(askedOwners, workspaceId, { at, positions });
  return positions;
}

const reached = (applied: OwnerPositions | undefined, required: OwnerPositions): boolean =>
  (required.catalog ?? 0) <= (applied?.catalog ?? 0) && (required.locations ?? 0) <= (applied?.locations ?? 0);

async function awaitApplied(runtime: Runtime, workspaceId: string, required: OwnerPositions): Promise<void> {
  if (reached(seenApplied.get(workspaceId), required)) return;
  const started = Date.now();
  const outcome = (what: 'reached' | 'timeout' | 'unavailable') => ownerChangesWait.record((Date.now() - started) / 1000, { outcome: what });
  for (let pauseMs = 2; ; pauseMs = Math.min(pauseMs * 2, 50)) {
    const applied = await readApplied(runtime, workspaceId);
    if (reached(applied, required)) return outcome('reached');
    if (!runtime.broker.isConnected) {
      outcome('unavailable');
      throw new DependencyAway('RabbitMQ (the changes of items and locations already acknowledged cannot reach the stock service without it)', 'unchanged');
    }
    const left = timeLeft();
    if (Date.now() - started >= runtime.config.READ_YOUR_WRITES_WAIT_MS || (left !== undefined && left < pauseMs)) {
      outcome('timeout');
      const behind = (['catalog', 'locations'] as const).filter((o) => (required[o] ?? 0) > (applied[o] ?? 0)).map((o) => `${o} ${applied[o] ?? 0} of ${required[o]}`);
      throw new DependencyAway(`The stream of item and location changes to the stock service (its copies have applied ${behind.join(', ')} of the changes already acknowledged)`, 'unchanged');
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/** How far the copies have applied each owner's positions, read once for every request waiting on the workspace at that moment. */
function readApplied(runtime: Runtime, workspaceId: string): Promise<OwnerPositions> {
  const inFlight = reading.get(workspaceId);
  if (inFlight) return inFlight;
  const read = appliedThrough(runtime.pool, workspaceId)
    .then((feeds) => {
      const applied: OwnerPositions = { catalog: feeds.get('catalog') ?? 0, locations: feeds.get('locations') ?? 0 };
      const seen = seenApplied.get(workspaceId);
      remember(seenApplied, workspaceId, { catalog: Math.max(applied.catalog!, seen?.catalog ?? 0), locations: Math.max(applied.locations!, seen?.locations ?? 0) });
      return applied;
    })
    .finally(() => reading.delete(workspaceId));
  reading.set(workspaceId, read);
  return read;
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_WORKSPACES) map.delete(map.keys().next().value!);
}
