import { randomUUID } from 'node:crypto';
import { sql } from '../support/fixtures';

/**
 * How far the catalog has applied the stock service's positions of a workspace
 * (advance_position_feeds, shared/src/messaging/position-feeds.ts, feed 'stock'): the highest
 * position with every one below it applied, whatever order the positions arrive in.
 */
async function advance(workspaceId: string, positions: number[], others: Array<[string, number]> = []): Promise<void> {
  const pairs: Array<[string, number]> = [...positions.map((p): [string, number] => [workspaceId, p]), ...others];
  await sql("SELECT catalog.advance_position_feeds('stock', $1::text[], $2::bigint[])", [pairs.map((p) => p[0]), pairs.map((p) => p[1])]);
}

async function through(workspaceId: string): Promise<number> {
  const [row] = await sql<{ through: string }>("SELECT applied_through AS through FROM catalog.position_feeds WHERE workspace_id = $1 AND feed = 'stock'", [workspaceId]);
  return Number(row?.through ?? 0);
}

async function waiting(workspaceId: string): Promise<number[]> {
  return (await sql<{ position: string }>("SELECT position FROM catalog.position_feed_ahead WHERE workspace_id = $1 AND feed = 'stock' ORDER BY position", [workspaceId])).map((r) => Number(r.position));
}

describe('the stock feed: how far the catalog has applied each workspace\'s stock positions', () => {
  it('when positions arrive in order, then applied_through follows them and nothing waits', async () => {
    const ws = randomUUID();
    await advance(ws, [1, 2, 3]);
    expect(await through(ws)).toBe(3);
    await advance(ws, [4]);
    expect({ through: await through(ws), waiting: await waiting(ws) }).toEqual({ through: 4, waiting: [] });
  });

  it('when a position is missing, then applied_through stops before the gap, and moves over everything waiting once it fills', async () => {
    const ws = randomUUID();
    await advance(ws, [1, 3, 5]);
    expect({ through: await through(ws), waiting: await waiting(ws) }).toEqual({ through: 1, waiting: [3, 5] });
    await advance(ws, [4]);
    expect({ through: await through(ws), waiting: await waiting(ws) }).toEqual({ through: 1, waiting: [3, 4, 5] });
    await advance(ws, [2]);
    expect({ through: await through(ws), waiting: await waiting(ws) }).toEqual({ through: 5, waiting: [] });
    // The usual path again, once the gap is gone.
    await advance(ws, [6, 7]);
    expect(await through(ws)).toBe(7);
  });

  it('when a position arrives again, or positions arrive reversed within one batch, then nothing is counted twice or skipped', async () => {
    const ws = randomUUID();
    await advance(ws, [3, 2, 1, 2]);
    expect(await through(ws)).toBe(3);
    await advance(ws, [3, 1]);
    expect({ through: await through(ws), waiting: await waiting(ws) }).toEqual({ through: 3, waiting: [] });
  });

  it('when one batch holds several workspaces, then each advances on its own', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await advance(a, [1, 2], [[b, 2]]);
    expect({ a: await through(a), b: await through(b), waitingB: await waiting(b) }).toEqual({ a: 2, b: 0, waitingB: [2] });
    await advance(b, [1]);
    expect(await through(b)).toBe(2);
  });
});
