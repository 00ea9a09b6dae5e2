import { newId } from '@inv/shared/core';
import type { PoolClient } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';
import { balancesOf, healthStates, type ItemCopy, itemCopies, type ItemHealthState, type ItemKey, itemKey, saveBalances, saveHealthStates, saveItemCopies } from '../data/item-alert-repository';
import { advanceFeeds, pendingRuns } from '../data/stock-feed-repository';
import { type PublicEvent, SYSTEM_ACTOR } from '../domain/public-event';
import { crossingsInOrder, healthOf, type ItemAlert, itemHealthCrossing, lowStockThreshold } from '../domain/stock-alerts';

/** What a stock.changed message carries that item alerts read. */
export interface StockFeedMessage {
  position: number;
  changes: Array<{ itemId: string; locationId: string; onHand: number }>;
  /** The workspace's low-stock threshold for items without their own, as of the change. */
  defaultLowStockThreshold?: number;
}

/** What an item event carries that item alerts read: the snapshot, and the REST resource with the threshold. */
export interface ItemEventMessage {
  id: string;
  sku: string;
  description: string;
  trackStock: boolean;
  version: number;
  resource?: Record<string, unknown>;
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
 * How long a change of an item the service has no copy of waits for the item's event: an item
 * created a moment ago may have its first stock change arrive before its item.created (they come
 * from two services). Past it (an item created before the service ran), the feed goes on and the
 * item's history starts once its copy arrives.
 */
const COPY_WAIT_MS = 60_000;

/**
 * The item health alerts (item.stock_low, item.stock_out, item.stock_ok) of a batch of
 * stock.changed messages, decided in the ledger's commit order: each workspace's messages are
 * applied strictly by stock position (one ahead of a gap waits for it; one naming an item whose
 * copy has not arrived waits for it too), the item's on hand over every location is summed after
 * each committed transaction, and an alert is sent only when its health crosses
 * (domain/stock-alerts.ts). Every workspace of the batch in the same few statements.
 * `alsoWorkspaces`: feeds to look at again although no message of theirs came (an item copy
 * arrived that they may be waiting for).
 */
export async function itemAlertsOfStockFeed(tx: PoolClient, messages: Envelope<StockFeedMessage>[], alsoWorkspaces: readonly string[] = []): Promise<PublicEvent[]> {
  const runs = await pendingRuns(tx, messages, alsoWorkspaces);
  const candidates = [...runs.values()].flatMap((r) => r.run);
  if (candidates.length === 0) return [];
  const keys = [...new Map(candidates.flatMap((m) => m.payload.changes.map((c) => ({ workspaceId: m.workspaceId, itemId: c.itemId }))).map((k) => [itemKey(k), k])).values()];
  const balances = await balancesOf(tx, keys);
  const copies = await itemCopies(tx, keys);
  const states = await healthStates(tx, keys);
  const events: PublicEvent[] = [];
  const changedBalances = new Map<string, ItemKey & { locationId: string; onHand: number }>();
  const changedStates = new Map<string, ItemKey>();
  const applied: Array<{ workspaceId: string; through: number }> = [];
  const now = Date.now();
  for (const [workspaceId, { through, run }] of runs) {
    let count = 0;
    for (const message of run) {
      const waitsForCopy = message.payload.changes.some((c) => !copies.has(itemKey({ workspaceId, itemId: c.itemId })));
      if (waitsForCopy && now - Date.parse(message.occurredAt) < COPY_WAIT_MS) break;
      events.push(...applyChange(message, balances, copies, states, changedBalances, changedStates));
      count += 1;
    }
    applied.push({ workspaceId, through: through + count });
  }
  await advanceFeeds(tx, applied);
  await saveBalances(tx, [...changedBalances.values()]);
  await saveHealthStates(tx, [...changedStates].map(([id, key]) => ({ ...key, ...states.get(id)! })));
  return events;
}

/** One committed transaction of the feed: its balances, then each item it touched judged once. */
function applyChange(
  message: Envelope<StockFeedMessage>,
  balances: Map<string, Map<string, number>>,
  copies: ReadonlyMap<string, ItemCopy>,
  states: Map<string, ItemHealthState>,
  changedBalances: Map<string, ItemKey & { locationId: string; onHand: number }>,
  changedStates: Map<string, ItemKey>,
): PublicEvent[] {
  const touched = new Map<string, ItemKey>();
  for (const { itemId, locationId, onHand } of message.payload.changes) {
    const key = { workspaceId: message.workspaceId, itemId };
    const locations = balances.get(itemKey(key)) ?? new Map<string, number>();
    locations.set(locationId, onHand);
    balances.set(itemKey(key), locations);
    changedBalances.set(`${itemKey(key)}/${locationId}`, { ...key, locationId, onHand });
    touched.set(itemKey(key), key);
  }
  const defaultThreshold = message.payload.defaultLowStockThreshold;
  if (defaultThreshold === undefined) return [];
  const events: PublicEvent[] = [];
  for (const [id, key] of touched) {
    const item = copies.get(id);
    if (!item) continue;
    const next = { onHand: sum(balances.get(id)!.values()), threshold: lowStockThreshold(item.lowStockThreshold, defaultThreshold), defaultThreshold, trackStock: item.trackStock, version: message.payload.position };
    const { alerts, last } = crossingsInOrder<Omit<ItemHealthState, 'version'>, ItemAlert>(states.get(id), [next], itemHealthCrossing);
    for (const { alert, state } of alerts) events.push(alertEvent(message, item, state, alert));
    if (last) states.set(id, last);
    changedStates.set(id, key);
  }
  return events;
}

function copyOf(payload: ItemEventMessage): ItemCopy {
  const threshold = payload.resource?.lowStockThreshold;
  return { id: payload.id, sku: payload.sku, description: payload.description, trackStock: payload.trackStock, lowStockThreshold: typeof threshold === 'number' ? threshold : null, version: payload.version };
}

/**
 * Keeps the item copies the alerts read, from item.created and item.updated; a change of the
 * threshold or of stock tracking re-evaluates the item's health once, at the on hand it had.
 */
export async function itemAlertsOfItemEvents(tx: PoolClient, messages: Envelope<ItemEventMessage>[]): Promise<PublicEvent[]> {
  const events: PublicEvent[] = [];
  for (const [workspaceId, group] of byWorkspace(messages)) {
    // The newest copy of each item in the batch, with the message that brought it.
    const newest = new Map<string, { copy: ItemCopy; message: Envelope<ItemEventMessage> }>();
    for (const message of group) {
      const copy = copyOf(message.payload);
      if ((newest.get(copy.id)?.copy.version ?? -1) < copy.version) newest.set(copy.id, { copy, message });
    }
    const replaced = await saveItemCopies(tx, workspaceId, [...newest.values()].map((n) => n.copy));
    const states = await healthStates(tx, [...replaced.keys()].map((itemId) => ({ workspaceId, itemId })));
    const reevaluated: Array<ItemHealthState & ItemKey> = [];
    for (const itemId of replaced.keys()) {
      const state = states.get(itemKey({ workspaceId, itemId }));
      if (!state) continue;
      const { copy, message } = newest.get(itemId)!;
      const next = { ...state, threshold: lowStockThreshold(copy.lowStockThreshold, state.defaultThreshold), trackStock: copy.trackStock };
      if (next.threshold === state.threshold && next.trackStock === state.trackStock) continue;
      const alert = itemHealthCrossing(state, next);
      if (alert) events.push(alertEvent(message, copy, next, alert));
      reevaluated.push({ workspaceId, itemId, ...next });
    }
    await saveHealthStates(tx, reevaluated);
  }
  // A workspace's feed may be waiting for one of these copies.
  events.push(...(await itemAlertsOfStockFeed(tx, [], [...new Set(messages.map((m) => m.workspaceId))])));
  return events;
}
