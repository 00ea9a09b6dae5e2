import type { BenchStack } from './bench-stack';
import { newWorkspace, type BenchWorkspace } from './gateway-client';
import { cannon, type Side } from './load';
import { stepOf, type Lane } from './transfer-lanes';

/** Opening stock of every hot item; half is moved to the second location before the rounds. */
export const HOT_ITEM_STOCK = 1_000_000;
export const HOT_ITEMS_PER_WORKSPACE = 10;

export interface TransferWorkspace {
  ws: BenchWorkspace;
  lanes: Lane[];
}

/**
 * A workspace with a second location and hot items holding stock at both locations, set up
 * through the API. `prepare` runs before its first transfer (e.g. a webhook endpoint that must
 * see every one of them).
 */
export async function transferWorkspace(stack: BenchStack, name: string, prepare?: (ws: BenchWorkspace) => Promise<void>): Promise<TransferWorkspace> {
  const ws = await newWorkspace(stack, name);
  await prepare?.(ws);
  const second = (await ws.client.expect(201, 'POST', '/locations', { body: { name: 'Second location' } })).body as { id: string };
  const items = (
    await ws.client.expect(201, 'POST', '/items/bulk', {
      body: Array.from({ length: HOT_ITEMS_PER_WORKSPACE }, (_, i) => ({ sku: `HOT-${i}`, quantity: HOT_ITEM_STOCK, locationId: ws.defaultLocationId })),
    })
  ).body as Array<{ id: string }>;
  await ws.client.expect(201, 'POST', '/inventory/transfers', {
    body: { fromLocationId: ws.defaultLocationId, toLocationId: second.id, lines: items.map((i) => ({ itemId: i.id, quantity: HOT_ITEM_STOCK / 2 })) },
  });
  return { ws, lanes: items.map((i) => ({ workspaceId: ws.id, itemId: i.id, locations: [ws.defaultLocationId, second.id] })) };
}

/** Lanes of several workspaces, alternating workspaces: lane k belongs to workspace k mod count. */
export function interleave(perWorkspace: Lane[][]): Lane[] {
  const longest = Math.max(...perWorkspace.map((l) => l.length));
  return Array.from({ length: longest }, (_, i) => perWorkspace.flatMap((lanes) => (lanes[i] ? [lanes[i]] : []))).flat();
}

/**
 * The transfer storm of (b), (r) and (w) against `url`: one unit per call, the workspaces' lanes
 * interleaved and taken in turn (stepOf), each call with its workspace's key. Each side made from
 * it counts its own calls from the first lane.
 */
export function transferStorm(url: string, workspaces: TransferWorkspace[], connections: number): Side {
  const lanes = interleave(workspaces.map((w) => w.lanes));
  const clients = new Map(workspaces.map((w) => [w.ws.id, w.ws.client]));
  let n = 0;
  return (s) =>
    cannon(
      {
        url,
        connections,
        next: () => {
          const step = stepOf(lanes, n++);
          const client = clients.get(step.lane.workspaceId)!;
          return {
            method: 'POST',
            path: client.pathOf('/inventory/transfers'),
            headers: { authorization: client.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ fromLocationId: step.from, toLocationId: step.to, lines: [{ itemId: step.lane.itemId, quantity: 1 }] }),
          };
        },
      },
      s,
    );
}

/**
 * (m)'s adjustment storm against `url`: one unit per call, in then out again (+1, −1, … per lane,
 * so stock stays where it was), at the first location of the workspaces' lanes taken in turn, each
 * call with its workspace's key.
 */
export function adjustmentStorm(url: string, workspaces: TransferWorkspace[], connections: number): Side {
  const lanes = interleave(workspaces.map((w) => w.lanes));
  const clients = new Map(workspaces.map((w) => [w.ws.id, w.ws.client]));
  let n = 0;
  return (s) =>
    cannon(
      {
        url,
        connections,
        next: () => {
          const k = n++;
          const lane = lanes[k % lanes.length]!;
          const client = clients.get(lane.workspaceId)!;
          const quantity = Math.floor(k / lanes.length) % 2 === 0 ? 1 : -1;
          return {
            method: 'POST',
            path: client.pathOf('/inventory/movements'),
            headers: { authorization: client.authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ type: 'adjustment', itemId: lane.itemId, locationId: lane.locations[0], quantity }),
          };
        },
      },
      s,
    );
}
