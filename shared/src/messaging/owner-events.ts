import type { PoolClient } from 'pg';
import type { Actor } from '../caller';
import type { Envelope } from './envelope';
import { currentActor, outboxMessages } from './outbox';

/**
 * Owner positions (docs/consistency.md). A service whose entities others keep copies of (the
 * catalog's items, the locations service's locations) numbers its workspace's changes of them:
 * every event of such a change takes the workspace's next position (1, 2, 3, … in commit order,
 * no gaps), carried in its payload as `position`. A copy then knows how far it has applied the
 * owner's changes, and a caller that saw a change acknowledged at position P is served only by a
 * copy that applied P. The owner's first migration creates the counter (OWNER_POSITIONS_SQL).
 */
export const OWNER_POSITIONS_SQL = `
-- The last owner position each workspace's changes took (see shared/src/messaging/owner-events.ts).
CREATE TABLE owner_positions (
  workspace_id text PRIMARY KEY,
  position bigint NOT NULL
);
`;

/**
 * Records events of one type in the caller's transaction, each taking the workspace's next owner
 * position (written into its payload as `position`), and answers the envelopes as recorded and
 * the last position taken. The positions are taken under the workspace's counter row lock, held to
 * COMMIT, so they follow commit order with no gaps: send this last before COMMIT, since every
 * writer of the workspace's entities queues on that row meanwhile. Undefined position: no payloads.
 */
export async function recordOwnerEvents<P extends object>(
  tx: PoolClient,
  type: string,
  workspaceId: string,
  payloads: P[],
  requestId: string | null,
  actor: Actor | null = currentActor(),
): Promise<{ messages: Envelope<P & { position: number }>[]; position: number | undefined }> {
  if (payloads.length === 0) return { messages: [], position: undefined };
  const messages = outboxMessages(type, workspaceId, payloads, requestId, actor);
  // One JSON array, not an array of JSON texts: a PostgreSQL array literal escapes every quote of
  // every message, which for an import's 50,000 items costs more than the 5 s a statement may take.
  const { rows } = await tx.query<{ position: string }>({
    name: 'record_owner_events',
    text: `WITH taken AS (
       INSERT INTO owner_positions AS p (workspace_id, position) VALUES ($2, $4)
       ON CONFLICT (workspace_id) DO UPDATE SET position = p.position + $4
       RETURNING position
     ), recorded AS (
       INSERT INTO outbox (id, type, workspace_id, message)
       SELECT (m.message->>'id')::uuid, $1, $2, jsonb_set(m.message, '{payload,position}', to_jsonb(taken.position - $4 + m.n))
         FROM taken, jsonb_array_elements($3::jsonb) WITH ORDINALITY AS m(message, n)
        ORDER BY m.n
     )
     SELECT position FROM taken`,
    values: [type, workspaceId, JSON.stringify(messages), payloads.length],
  });
  const last = Number(rows[0]!.position);
  const first = last - payloads.length + 1;
  return {
    messages: messages.map((m, i) => ({ ...m, payload: { ...m.payload, position: first + i } })),
    position: last,
  };
}

/** The workspace's latest owner position (0 before its first change): what a copy must reach to hold every change committed so far. */
export async function latestOwnerPosition(db: Pick<PoolClient, 'query'>, workspaceId: string): Promise<number> {
  const { rows } = await db.query<{ position: string }>('SELECT position FROM owner_positions WHERE workspace_id = $1', [workspaceId]);
  return Number(rows[0]?.position ?? 0);
}
