import { newId } from '@inv/shared/core';
import type { PoolClient } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';
import {
  balancesOf,
  healthStates,
  type ItemCopy,
  itemCopies,
  type ItemHealthState,
  type ItemKey,
  itemKey,
  parkItemChanges,
  saveBalances,
  saveHealthStates,
  saveItemCopies,
  takeEffect,
  type WaitingItemChange,
  waitingItemChanges,
} from '../data/item-alert-repository';
import { advanceFeeds, lockedFeedPositions, pendingRuns } from '../data/stock-feed-repository';
import { type PublicEvent, SYSTEM_ACTOR } from '../domain/public-event';
import { crossingsInOrder, healthOf, type ItemAlert, itemHealthCrossing, lowStockThreshold } from '../domain/stock-alerts';

/** What a stock.changed message carries that item alerts read. */
export interface StockFeedMessage {
  position: number;
  changes: Array<{ itemId: string; locationId: string; onHand: number }>;
  /** The workspace's low-stock threshold for items without their own, as of the change. */
  defaultLowStockThreshold?: number;
  /** The catalog's version of each changed item as the stock service decided from it: the copy here must hold it first. */
  itemVersions?: Record<string, number>;
}

/** What an item event carries that item alerts read: the snapshot, and the REST resource with the threshold. */
export interface ItemEventMessage {
  id: string;
  sku: string;
  description: string;
  trackStock: boolean;
  version: number;
  resource?: Record<string, unknown>;
  /** Where a fenced change falls in the ledger's order: after this stock position, before the item's next movement. */
  stockPosition?: number;
}

/** Quantities have at most 4 decimals: a sum of them is rounded back there, so 0.1 + 0.2 is 0.3 and never just above it. */
function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return Math.round(total * 10_000) / 10_000;
}

function alertEvent(message: Envelope<unknown>, item: ItemCopy, state: ItemHealthState, alert: ItemAlert): PublicEvent {
  return {
    id: newId(),
    type: alert,
    occurredAt: message.occurredAt,
    workspaceId: message.workspaceId,
    actor: message.actor ?? SYSTEM_ACTOR,
    data: { item: { id: item.id, sku: item.sku, description: item.description }, health: healthOf(state), onHand: state.onHand, threshold: state.threshold },
  };
}

function byWorkspace<M extends Envelope<unknown>>(messages: M[]): Map<string, M[]> {
  const groups = new Map<string, M[]>();
  for (const m of messages) {
    const group = groups.get(m.workspaceId);
    if (group) group.push(m);
    else groups.set(m.workspaceId, [m]);
  }
  return groups;
}

/**
 * How long a stock change waits for the copy of its item to hold the version the stock service
 * decided from (itemVersions): an item created or changed a moment ago may have its stock change
 * arrive before its item event (they come from two services). Past it (an item created before the
 * service ran, an item event dead-lettered), the feed goes on with the copy it has.
 */
const COPY_WAIT_MS = 60_000;

type ItemChangeWaiting = WaitingItemChange<Envelope<ItemEventMessage>>;

/** What a run of the feed reads and changes, for every workspace of the batch at once. */
interface Feed {
  balances: Map<string, Map<string, number>>;
  copies: Map<string, ItemCopy>;
  states: Map<string, ItemHealthState>;
  changedBalances: Map<string, ItemKey & { locationId: string; onHand: number }>;
  changedStates: Map<string, ItemKey>;
  tookEffect: Array<ItemChangeWaiting & Pick<ItemCopy, 'trackStock' | 'lowStockThreshold'>>;
  events: PublicEvent[];
}

/**
 * The item health alerts (item.stock_low, item.stock_out, item.stock_ok) of a batch of
 * stock.changed messages, decided in the ledger's commit order: each workspace's messages are
 * applied strictly by stock position (one ahead of a gap waits for it; one whose items' copies
 * lack the version it was decided from waits for them too), the item's on hand over every
 * location is summed after each committed transaction, and an alert is sent only when its health
 * crosses (domain/stock-alerts.ts). A change of an item's threshold or tracking that the catalog
 * placed after a position takes effect right after the feed applies that position, before the
 * next one. Every workspace of the batch in the same few statements. `alsoWorkspaces`: feeds to
 * look at again although no message of theirs came (an item copy arrived that they may be
 * waiting for).
 */
export async function itemAlertsOfStockFeed(tx: PoolClient, messages: Envelope<StockFeedMessage>[], alsoWorkspaces: readonly string[] = []): Promise<PublicEvent[]> {
  const runs = await pendingRuns(tx, messages, alsoWorkspaces);
  const waiting = await waitingItemChanges<Envelope<ItemEventMessage>>(tx, [...runs.keys()]);
  const candidates = [...runs.values()].flatMap((r) => r.run);
  if (candidates.length === 0 && waiting.length === 0) return [];
  const touched = [...candidates.flatMap((m) => m.payload.changes.map((c) => ({ workspaceId: m.workspaceId, itemId: c.itemId }))), ...waiting];
  const keys = [...new Map(touched.map((k) => [itemKey(k), { workspaceId: k.workspaceId, itemId: k.itemId }])).values()];
  const feed: Feed = {
    balances: await balancesOf(tx, keys),
    copies: await itemCopies(tx, keys),
    states: await healthStates(tx, keys),
    changedBalances: new Map(),
    changedStates: new Map(),
    tookEffect: [],
    events: [],
  };
  const applied: Array<{ workspaceId: string; through: number }> = [];
  const now = Date.now();
  for (const [workspaceId, { through, run }] of runs) {
    const changes = waiting.filter((c) => c.workspaceId === workspaceId);
    let position = through;
    takeEffectThrough(feed, changes, position);
    for (const message of run) {
      if (waitsForCopy(message, feed.copies) && now - Date.parse(message.occurredAt) < COPY_WAIT_MS) break;
      applyChange(feed, message);
      position = message.payload.position;
      takeEffectThrough(feed, changes, position);
    }
    applied.push({ workspaceId, through: position });
  }
  await advanceFeeds(tx, applied);
  await saveBalances(tx, [...feed.changedBalances.values()]);
  await saveHealthStates(tx, [...feed.changedStates].map(([id, key]) => ({ ...key, ...feed.states.get(id)! })));
  await takeEffect(tx, feed.tookEffect);
  return feed.events;
}

/** Whether a stock change names an item whose copy here is missing, or older than the one the stock service decided from. */
function waitsForCopy(message: Envelope<StockFeedMessage>, copies: ReadonlyMap<string, ItemCopy>): boolean {
  return message.payload.changes.some(({ itemId }) => {
    const copy = copies.get(itemKey({ workspaceId: message.workspaceId, itemId }));
    return copy === undefined || copy.version < (message.payload.itemVersions?.[itemId] ?? 0);
  });
}

/** One committed transaction of the feed: its balances, then each item it touched judged once. */
function applyChange(feed: Feed, message: Envelope<StockFeedMessage>): void {
  const touched = new Map<string, ItemKey>();
  for (const { itemId, locationId, onHand } of message.payload.changes) {
    const key = { workspaceId: message.workspaceId, itemId };
    const locations = feed.balances.get(itemKey(key)) ?? new Map<string, number>();
    locations.set(locationId, onHand);
    feed.balances.set(itemKey(key), locations);
    feed.changedBalances.set(`${itemKey(key)}/${locationId}`, { ...key, locationId, onHand });
    touched.set(itemKey(key), key);
  }
  const defaultThreshold = message.payload.defaultLowStockThreshold;
  if (defaultThreshold === undefined) return;
  for (const [id, key] of touched) {
    const item = feed.copies.get(id);
    if (!item) continue;
    const next = { onHand: sum(feed.balances.get(id)!.values()), threshold: lowStockThreshold(item.lowStockThreshold, defaultThreshold), defaultThreshold, trackStock: item.trackStock, version: message.payload.position };
    const { alerts, last } = crossingsInOrder<Omit<ItemHealthState, 'version'>, ItemAlert>(feed.states.get(id), [next], itemHealthCrossing);
    for (const { alert, state } of alerts) feed.events.push(alertEvent(message, item, state, alert));
    if (last) feed.states.set(id, last);
    feed.changedStates.set(id, key);
  }
}

/** The waiting changes of one workspace (in the order they take effect) placed at or before `position`: each takes effect now and is judged once. */
function takeEffectThrough(feed: Feed, changes: ItemChangeWaiting[], position: number): void {
  while (changes.length > 0 && changes[0]!.afterPosition <= position) {
    const change = changes.shift()!;
    const { trackStock, lowStockThreshold } = copyOf(change.message.payload);
    feed.tookEffect.push({ ...change, trackStock, lowStockThreshold });
    const id = itemKey(change);
    const copy = feed.copies.get(id);
    if (!copy) continue;
    const updated = { ...copy, trackStock, lowStockThreshold };
    feed.copies.set(id, updated);
    const state = feed.states.get(id);
    const next = reevaluated(state, updated);
    if (!state || !next) continue;
    const alert = itemHealthCrossing(state, next);
    if (alert) feed.events.push(alertEvent(change.message, updated, next, alert));
    feed.states.set(id, next);
    feed.changedStates.set(id, change);
  }
}

/**
 * An item's health state judged again after a change of its threshold or tracking, at the on hand
 * it had (undefined: no state yet, or nothing it is judged by changed). It re-evaluates once: 3 on
 * hand with the threshold lowered from 5 to 2 sends item.stock_ok, and nothing again until a crossing.
 */
function reevaluated(state: ItemHealthState | undefined, copy: Pick<ItemCopy, 'trackStock' | 'lowStockThreshold'>): ItemHealthState | undefined {
  if (!state) return undefined;
  const next = { ...state, threshold: lowStockThreshold(copy.lowStockThreshold, state.defaultThreshold), trackStock: copy.trackStock };
  return next.threshold === state.threshold && next.trackStock === state.trackStock ? undefined : next;
}

function copyOf(payload: ItemEventMessage): ItemCopy {
  const threshold = payload.resource?.lowStockThreshold;
  return { id: payload.id, sku: payload.sku, description: payload.description, trackStock: payload.trackStock, lowStockThreshold: typeof threshold === 'number' ? threshold : null, version: payload.version };
}

/**
 * Whether an item event's threshold and tracking take effect later than now: when the catalog
 * placed the change after a stock position the feed has not applied yet (absent: no stock change
 * of the workspace has come yet), or when an earlier placed change of the item is still waiting
 * (a later event carries the same or newer fields and must not overtake it).
 */
function takesEffectLater(stockPosition: number | undefined, feedPosition: number | undefined, earlierWaiting: boolean): boolean {
  if (earlierWaiting) return true;
  if (stockPosition === undefined) return false;
  return feedPosition === undefined ? stockPosition > 0 : stockPosition > feedPosition;
}

/**
 * Keeps the item copies the alerts read, from item.created and item.updated. SKU and description
 * take effect at once; a change of the threshold or of stock tracking takes effect at its place in
 * the ledger's order (now, or once the feed has applied its stockPosition) and re-evaluates the
 * item's health once, at the on hand it had there.
 */
export async function itemAlertsOfItemEvents(tx: PoolClient, messages: Envelope<ItemEventMessage>[]): Promise<PublicEvent[]> {
  const events: PublicEvent[] = [];
  const groups = byWorkspace(messages);
  const feedPositions = await lockedFeedPositions(tx, [...groups.keys()]);
  const waiting = await waitingItemChanges<Envelope<ItemEventMessage>>(tx, [...groups.keys()]);
  for (const [workspaceId, group] of groups) {
    // The newest copy of each item in the batch, with the message that brought it.
    const newest = new Map<string, { copy: ItemCopy; message: Envelope<ItemEventMessage> }>();
    for (const message of group) {
      const copy = copyOf(message.payload);
      if ((newest.get(copy.id)?.copy.version ?? -1) < copy.version) newest.set(copy.id, { copy, message });
    }
    const inEffect = await itemCopies(tx, [...newest.keys()].map((itemId) => ({ workspaceId, itemId })));
    const itemsWaiting = new Set(waiting.filter((w) => w.workspaceId === workspaceId).map((w) => w.itemId));
    const toSave = new Map<string, ItemCopy>();
    const parked: ItemChangeWaiting[] = [];
    for (const { copy, message } of newest.values()) {
      const current = inEffect.get(itemKey({ workspaceId, itemId: copy.id }));
      const { stockPosition } = message.payload;
      if (current && current.version < copy.version && takesEffectLater(stockPosition, feedPositions.get(workspaceId), itemsWaiting.has(copy.id))) {
        toSave.set(copy.id, { ...copy, trackStock: current.trackStock, lowStockThreshold: current.lowStockThreshold });
        if (stockPosition !== undefined) parked.push({ workspaceId, itemId: copy.id, version: copy.version, afterPosition: stockPosition, message });
      } else toSave.set(copy.id, copy);
    }
    const replaced = await saveItemCopies(tx, workspaceId, [...toSave.values()]);
    await parkItemChanges(tx, parked);
    const states = await healthStates(tx, [...replaced.keys()].map((itemId) => ({ workspaceId, itemId })));
    const judged: Array<ItemHealthState & ItemKey> = [];
    for (const itemId of replaced.keys()) {
      const state = states.get(itemKey({ workspaceId, itemId }));
      const copy = toSave.get(itemId)!;
      const next = reevaluated(state, copy);
      if (!state || !next) continue;
      const alert = itemHealthCrossing(state, next);
      if (alert) events.push(alertEvent(newest.get(itemId)!.message, copy, next, alert));
      judged.push({ workspaceId, itemId, ...next });
    }
    await saveHealthStates(tx, judged);
  }
  // A workspace's feed may be waiting for one of these copies.
  events.push(...(await itemAlertsOfStockFeed(tx, [], [...groups.keys()])));
  return events;
}
