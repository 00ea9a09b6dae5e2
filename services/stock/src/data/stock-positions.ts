import { outboxMessages, type Pool, type PoolClient, StockEvents, type StockChanged } from '@inv/shared';

/**
 * Two common table expressions for a statement that changes on-hand: `taken_position` takes the
 * workspace's next stock position (under its row's lock, held to commit: positions follow commit
 * order with no gaps) and `position_event` writes the transaction's one stock.changed message with
 * that position into the outbox. `$ws`, `$id` and `$message` name the statement's parameters: the
 * workspace, the message id and its envelope without the position (null: no change of on-hand,
 * so no position is taken and no message written).
 */
export function stockPositionCtes(ws: string, id: string, message: string): string {
  return `taken_position AS (
       INSERT INTO stock_positions AS p (workspace_id, position) SELECT ${ws}, 1 WHERE ${message}::jsonb IS NOT NULL
       ON CONFLICT (workspace_id) DO UPDATE SET position = p.position + 1
       RETURNING position
     ), position_event AS (
       INSERT INTO outbox (id, type, workspace_id, message)
       SELECT ${id}::uuid, '${StockEvents.changed}', ${ws}, jsonb_set(${message}::jsonb, '{payload,position}', to_jsonb(taken_position.position)) FROM taken_position
     )`;
}

/** The stock.changed envelope of a transaction's changes (its position is added in SQL), or null when nothing changed on-hand. */
export function stockChangedMessage(workspaceId: string, changes: StockChanged[], requestId: string | null): { id: string; json: string } | null {
  if (changes.length === 0) return null;
  const [message] = outboxMessages(StockEvents.changed, workspaceId, [{ changes }], requestId);
  return { id: message!.id, json: JSON.stringify(message) };
}

/**
 * Records a transaction's changes of on-hand as one stock.changed message and answers the stock
 * position it took (undefined when `changes` is empty: nothing changed on-hand). Run it last before
 * COMMIT: the position's row stays locked until then, and every writer of the workspace queues on it.
 */
export async function recordStockChanges(tx: PoolClient, workspaceId: string, changes: StockChanged[], requestId: string | null): Promise<number | undefined> {
  const message = stockChangedMessage(workspaceId, changes, requestId);
  if (!message) return undefined;
  const { rows } = await tx.query<{ position: string }>({
    name: 'stock_record_stock_changes',
    text: `WITH ${stockPositionCtes('$1', '$2', '$3')} SELECT position FROM taken_position`,
    values: [workspaceId, message.id, message.json],
  });
  return Number(rows[0]!.position);
}

/** The workspace's latest stock position (0 before its first change of on-hand). */
export async function latestStockPosition(db: Pool | PoolClient, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ position: string }>('SELECT position FROM stock_positions WHERE workspace_id = $1', [workspaceId]);
  return Number(rows[0]?.position ?? 0);
}

