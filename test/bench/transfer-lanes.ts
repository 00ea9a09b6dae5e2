import { performance } from 'node:perf_hooks';
import { Client, type ClientBase } from 'pg';
import { waitUntil } from '../support/stack';
import { percentile, type RoundStats } from './load';

/** One hot item of a workspace, moved back and forth between the same two locations. */
export interface Lane {
  workspaceId: string;
  itemId: string;
  locations: [string, string];
}

export interface TransferStep {
  lane: Lane;
  from: string;
  to: string;
}

/**
 * The n-th transfer of a run: lanes round-robin (consecutive transfers hit different workspaces
 * and items), and the direction flips every full cycle over the lanes, so stock swings back and
 * forth and never runs out.
 */
export function stepOf(lanes: Lane[], n: number): TransferStep {
  const lane = lanes[n % lanes.length]!;
  const forward = Math.floor(n / lanes.length) % 2 === 0;
  const [a, b] = lane.locations;
  return forward ? { lane, from: a, to: b } : { lane, from: b, to: a };
}

/**
 * Issue 9's baseline for POST /inventory/transfers: the same transfer of one unit as a direct SQL
 * transaction on the project's own rows (lock both balance rows FOR UPDATE in a fixed order,
 * insert the two movements, update both balances, commit), run by `workers` connections at once.
 */
export class SqlTransfers {
  private next = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly lanes: Lane[],
    private readonly workers: number,
  ) {}

  /**
   * One round: connects the workers (outside the timed part), runs them for `seconds`, then
   * disconnects them, so their connections do not crowd the stack's pools during its rounds.
   */
  async round(seconds: number): Promise<RoundStats> {
    const clients: Client[] = [];
    try {
      // On a PostgreSQL shared with other work, free connections come and go: wait for them.
      await waitUntil(
        `${this.workers} PostgreSQL connections for the direct-SQL workers`,
        async () => {
          while (clients.length < this.workers) {
            const client = new Client({ connectionString: this.databaseUrl, statement_timeout: 30_000 });
            const connected = await client.connect().then(
              () => true,
              () => false,
            );
            if (!connected) return false;
            clients.push(client);
          }
          return true;
        },
        60_000,
        500,
      );
      return await this.run(clients, seconds);
    } finally {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    }
  }

  private async run(clients: Client[], seconds: number): Promise<RoundStats> {
    const latencies: number[] = [];
    let errors = 0;
    let insufficient = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < deadline) {
          const step = stepOf(this.lanes, this.next++);
          const t0 = performance.now();
          try {
            if (await transferOne(client, step)) latencies.push(performance.now() - t0);
            else insufficient += 1;
          } catch {
            errors += 1;
            await client.query('ROLLBACK').catch(() => undefined);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      rps: latencies.length / elapsed,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      operations: latencies.length + errors + insufficient,
      errors,
      non2xx: insufficient,
      failedStatuses: insufficient > 0 ? { 'insufficient stock': insufficient } : {},
    };
  }
}

/** One transfer in its own transaction; false (rolled back) when the source holds less than one unit. */
export async function transferOne(client: ClientBase, { lane, from, to }: TransferStep): Promise<boolean> {
  await client.query('BEGIN');
  const { rows } = await client.query<{ location_id: string; on_hand: string }>(
    `SELECT location_id, on_hand::text FROM stock.balances
      WHERE workspace_id = $1 AND item_id = $2 AND location_id = ANY($3::uuid[])
      ORDER BY item_id, location_id FOR UPDATE`,
    [lane.workspaceId, lane.itemId, [from, to]],
  );
  const onHand = new Map(rows.map((r) => [r.location_id, Number(r.on_hand)]));
  const fromAfter = (onHand.get(from) ?? 0) - 1;
  const toAfter = (onHand.get(to) ?? 0) + 1;
  if (fromAfter < 0 || !onHand.has(to)) {
    await client.query('ROLLBACK');
    return false;
  }
  await client.query(
    `INSERT INTO stock.movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, user_id, created_at)
     VALUES (gen_random_uuid(), $1, $2, $3, 'transfer_out', -1, $4, 'bench', now()),
            (gen_random_uuid(), $1, $2, $5, 'transfer_in', 1, $6, 'bench', now())`,
    [lane.workspaceId, lane.itemId, from, fromAfter, to, toAfter],
  );
  await client.query(
    `UPDATE stock.balances b SET on_hand = v.on_hand, version = b.version + 1, updated_at = now()
       FROM (VALUES ($3::uuid, $4::numeric), ($5::uuid, $6::numeric)) AS v (location_id, on_hand)
      WHERE b.workspace_id = $1 AND b.item_id = $2 AND b.location_id = v.location_id`,
    [lane.workspaceId, lane.itemId, from, fromAfter, to, toAfter],
  );
  await client.query('COMMIT');
  return true;
}

/** One adjustment of one unit (+1 or −1) of a lane's item at a location, in its own transaction; false (rolled back) when it would leave less than nothing. */
export async function adjustOne(client: ClientBase, { lane, locationId, quantity }: { lane: Pick<Lane, 'workspaceId' | 'itemId'>; locationId: string; quantity: 1 | -1 }): Promise<boolean> {
  await client.query('BEGIN');
  const { rows } = await client.query<{ on_hand: string }>('SELECT on_hand::text FROM stock.balances WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3 FOR UPDATE', [
    lane.workspaceId,
    lane.itemId,
    locationId,
  ]);
  const after = Number(rows[0]?.on_hand ?? 0) + quantity;
  if (!rows[0] || after < 0) {
    await client.query('ROLLBACK');
    return false;
  }
  await client.query(
    `INSERT INTO stock.movements (id, workspace_id, item_id, location_id, type, quantity, balance_after, reason, user_id, created_at)
     VALUES (gen_random_uuid(), $1, $2, $3, 'adjustment', $4, $5, 'correction', 'bench', now())`,
    [lane.workspaceId, lane.itemId, locationId, quantity, after],
  );
  await client.query('UPDATE stock.balances SET on_hand = $4, version = version + 1, updated_at = now() WHERE workspace_id = $1 AND item_id = $2 AND location_id = $3', [
    lane.workspaceId,
    lane.itemId,
    locationId,
    after,
  ]);
  await client.query('COMMIT');
  return true;
}
