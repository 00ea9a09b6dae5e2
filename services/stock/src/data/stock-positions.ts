import { StockEvents, type StockChanged } from '@inv/shared/core';
import { type Pool, type PoolClient } from '@inv/shared/db';
import { outboxMessages } from '@inv/shared/messaging';

/**
 * Records a transaction's changes of on-hand as its one stock.changed message, carrying the
 * workspace's next stock position, and answers that position (undefined when `changes` is empty:
 * nothing changed on-hand, no position is taken). The position is taken under its row's lock,
 * held to commit, so positions follow commit order with no gaps; run this last before COMMIT, since
 * every writer of the workspace queues on that row meanwhile.
 */
export async function recordStockChanges(tx: PoolClient, workspaceId: string, changes: StockChanged[], requestId: string | null): Promise<number | undefined> {
  if (changes.length === 0) return undefined;
  const [message] = outboxMessages(StockEvents.changed, workspaceId, [{ changes }], requestId);
  const { rows } = await tx.query<{ position: string }>({
    name: 'stock_record_stock_changes',
    text: `WITH taken AS (
       INSERT INTO stock_positions AS p (workspace_id, position) VALUES ($1, 1)
       ON CONFLICT (workspace_id) DO UPDATE SET position = p.position + 1
       RETURNING position
     ), event AS (
       INSERT INTO outbox (id, type, workspace_id, message)
       SELECT $2::uuid, '${StockEvents.changed}', $1, jsonb_set($3::jsonb, '{payload,position}', to_jsonb(taken.position)) FROM taken
     )
     SELECT position FROM taken`,
    values: [workspaceId, message!.id, JSON.stringify(message)],
  });
  return Number(rows[0]!.position);
}

/** The workspace's latest stock position (0 before its first change of on-hand). */
export async function latestStockPosition(db: Pool | PoolClient, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ position: string }>('SELECT position FROM stock_positions WHERE workspace_id = $1', [workspaceId]);
  return Number(rows[0]?.position ?? 0);
}

