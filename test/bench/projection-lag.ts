import { performance } from 'node:perf_hooks';
import type { Pool } from '@inv/shared';
import type { GatewayClient } from './gateway-client';
import { stepOf, type Lane } from './transfer-lanes';

/**
 * How far the catalog's stock projection lags a transfer for every caller but the one that made
 * it (who reads its own writes: docs/consistency.md): while a round of (b) runs, each prober makes
 * a transfer of its own through the gateway and, from its 201, measures how long until the
 * catalog has applied the workspace's stock position as it stood then (its transfer's, or a later
 * one: an upper bound on the transfer's own lag). The positions are read from the stock and
 * catalog schemas directly, so the measuring adds no API call beyond the transfer.
 */
export class ProjectionLagProbes {
  readonly lagsMs: number[] = [];
  private next = 0;

  constructor(
    private readonly db: Pool,
    private readonly lanes: Lane[],
    private readonly clients: ReadonlyMap<string, GatewayClient>,
    private readonly probers = 2,
  ) {}

  /** Probes until `round` settles; answers the round's own result. */
  async during<T>(round: Promise<T>): Promise<T> {
    let running = true;
    const probing = Array.from({ length: this.probers }, async () => {
      while (running) await this.probe();
    });
    try {
      return await round;
    } finally {
      running = false;
      await Promise.all(probing);
    }
  }

  private async probe(): Promise<void> {
    // From the end of the lanes' cycle, so the probes' own transfers swing their stock back and forth too.
    const step = stepOf(this.lanes, this.next++);
    const client = this.clients.get(step.lane.workspaceId)!;
    const res = await client.call('POST', '/inventory/transfers', { body: { fromLocationId: step.from, toLocationId: step.to, lines: [{ itemId: step.lane.itemId, quantity: 1 }] } });
    const acknowledged = performance.now();
    if (res.status !== 201) return;
    const { rows } = await this.db.query<{ position: string }>('SELECT position FROM stock.stock_positions WHERE workspace_id = $1', [step.lane.workspaceId]);
    const position = Number(rows[0]!.position);
    for (;;) {
      const applied = await this.db.query<{ through: string }>('SELECT applied_through AS through FROM catalog.stock_feed WHERE workspace_id = $1', [step.lane.workspaceId]);
      if (Number(applied.rows[0]?.through ?? 0) >= position) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    this.lagsMs.push(performance.now() - acknowledged);
  }
}
