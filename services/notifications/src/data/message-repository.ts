import { newId } from '@inv/shared/core';
import { cursorTimeSql, keysetPage, type PageRequest, type TimeIdKey } from '@inv/shared/http';
import { type Pool, type PoolClient, SqlConditions } from '@inv/shared/db';
import { ATTEMPTS_SHOWN, type Delivery, type DeliveryStatus } from '../domain/webhook-endpoint';

type Db = Pool | PoolClient;

/** A message to record: one event for one endpoint. */
export interface NewMessage {
  workspaceId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  body: string;
}

/** Records messages, first due at `dueAt`, in one statement; answers their ids (the webhook-id of each). */
export async function insertMessages(db: Db, messages: NewMessage[], now: Date, dueAt: Date): Promise<string[]> {
  if (messages.length === 0) return [];
  const ids = messages.map(() => newId());
  await db.query(
    `INSERT INTO messages (workspace_id, id, endpoint_id, event_id, event_type, body, status, next_attempt_at, created_at)
     SELECT w, id, e, ev, t, b, 'pending', $8, $7 FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[]) AS m(w, id, e, ev, t, b)`,
    [messages.map((m) => m.workspaceId), ids, messages.map((m) => m.endpointId), messages.map((m) => m.eventId), messages.map((m) => m.eventType), messages.map((m) => m.body), now, dueAt],
  );
  return ids;
}

/** A message a worker holds the lease of, with what sending it needs. */
export interface ClaimedMessage {
  workspaceId: string;
  id: string;
  endpointId: string;
  body: string;
  attempts: number;
  createdAt: Date;
  leaseUntil: Date;
  url: string;
  secret: Buffer;
  previousSecret: Buffer | null;
  previousSecretUntil: Date | null;
}

/**
 * Leases up to `limit` due messages of enabled endpoints for `leaseMs`, at most `perEndpoint`
 * leased per endpoint counting those other workers (of any replica) hold: the endpoint rows are
 * locked while the claim runs (SKIP LOCKED: a claim never waits for another), so the count is
 * exact. A lease that expires (its worker died between send and record) makes the message due
 * again: at least once, the repeat carrying the same webhook-id. The lease's end, to the
 * millisecond (as JavaScript holds it), is also its token: recordAttempt moves the message on
 * only while it is unchanged.
 */
export async function claimDueMessages(db: Db, options: { limit: number; perEndpoint: number; leaseMs: number }): Promise<ClaimedMessage[]> {
  const { rows } = await db.query<{
    workspace_id: string;
    id: string;
    endpoint_id: string;
    body: string;
    attempts: number;
    created_at: Date;
    lease_until: Date;
    url: string;
    secret: Buffer;
    previous_secret: Buffer | null;
    previous_secret_until: Date | null;
  }>(
    `WITH ready AS (
       SELECT e.workspace_id, e.id, e.url, e.secret, e.previous_secret, e.previous_secret_until, leased.room
         FROM endpoints e
         -- Room under the endpoint's cap: what other workers (of any replica) hold counts.
         CROSS JOIN LATERAL (SELECT $2 - count(*) AS room FROM messages x WHERE x.workspace_id = e.workspace_id AND x.endpoint_id = e.id AND x.lease_until >= now()) leased
         CROSS JOIN LATERAL (
           SELECT min(m.next_attempt_at) AS oldest FROM messages m
            WHERE m.workspace_id = e.workspace_id AND m.endpoint_id = e.id AND m.status = 'pending'
              AND m.next_attempt_at <= now() AND (m.lease_until IS NULL OR m.lease_until < now())
         ) due
        -- Endpoints at their cap are passed over, so a slow one never takes the claim's places; the
        -- endpoint whose message has waited longest comes first, so none is starved by the others.
        WHERE e.enabled AND leased.room > 0 AND due.oldest IS NOT NULL
        ORDER BY due.oldest
        LIMIT $1
        FOR UPDATE OF e SKIP LOCKED
     ), picked AS (
       SELECT p.workspace_id, p.id
         FROM ready r CROSS JOIN LATERAL (
           SELECT m.workspace_id, m.id FROM messages m
            WHERE m.workspace_id = r.workspace_id AND m.endpoint_id = r.id AND m.status = 'pending'
              AND m.next_attempt_at <= now() AND (m.lease_until IS NULL OR m.lease_until < now())
            ORDER BY m.next_attempt_at, m.id
            LIMIT r.room
            FOR UPDATE OF m SKIP LOCKED
         ) p
        LIMIT $1
     ), leased AS (
       UPDATE messages m SET lease_until = date_trunc('milliseconds', now() + $3 * interval '1 millisecond')
         FROM picked p WHERE m.workspace_id = p.workspace_id AND m.id = p.id
       RETURNING m.workspace_id, m.id, m.endpoint_id, m.body, m.attempts, m.created_at, m.lease_until
     )
     SELECT l.*, r.url, r.secret, r.previous_secret, r.previous_secret_until
       FROM leased l JOIN ready r ON r.workspace_id = l.workspace_id AND r.id = l.endpoint_id`,
    [options.limit, options.perEndpoint, options.leaseMs],
  );
  return rows.map((r) => ({
    workspaceId: r.workspace_id,
    id: r.id,
    endpointId: r.endpoint_id,
    body: r.body,
    attempts: r.attempts,
    createdAt: r.created_at,
    leaseUntil: r.lease_until,
    url: r.url,
    secret: r.secret,
    previousSecret: r.previous_secret,
    previousSecretUntil: r.previous_secret_until,
  }));
}

export interface AttemptRecord {
  attemptedAt: Date;
  statusCode: number | undefined;
  durationMs: number;
  error: string | undefined;
  responseExcerpt: string;
}

/**
 * Records an attempt and the message's next state, released from its lease; a success also ends
 * the endpoint's failing streak, in the same statement (decided from the row as it is then, not
 * from what the claim saw: another message may have failed meanwhile). Only the worker still
 * holding the lease moves the message on; an attempt whose lease ran out (another worker has it
 * now) is recorded in the log and changes nothing else. Answers whether it moved it.
 */
export async function recordAttempt(
  db: Db,
  message: Pick<ClaimedMessage, 'workspaceId' | 'id' | 'leaseUntil'>,
  attempt: AttemptRecord,
  next: { status: DeliveryStatus; nextAttemptAt: Date | undefined },
): Promise<boolean> {
  const { rows } = await db.query<{ moved: boolean }>(
    `WITH attempt AS (
       INSERT INTO attempts (workspace_id, id, message_id, attempted_at, status_code, duration_ms, error, response_excerpt)
       SELECT $1, $3, $2, $4, $5, $6, $7, $8 WHERE EXISTS (SELECT 1 FROM messages WHERE workspace_id = $1 AND id = $2)
     ), moved AS (
       UPDATE messages SET attempts = attempts + 1, status = $9, next_attempt_at = $10, lease_until = NULL,
              finished_at = CASE WHEN $9 = 'pending' THEN NULL ELSE $4::timestamptz END
        WHERE workspace_id = $1 AND id = $2 AND lease_until = $11
       RETURNING endpoint_id
     ), streak_ended AS (
       UPDATE endpoints SET failing_since = NULL
        WHERE $9 = 'succeeded' AND workspace_id = $1 AND id = (SELECT endpoint_id FROM moved) AND failing_since IS NOT NULL
     )
     SELECT EXISTS (SELECT 1 FROM moved) AS moved`,
    [message.workspaceId, message.id, newId(), attempt.attemptedAt, attempt.statusCode ?? null, attempt.durationMs, attempt.error ?? null, attempt.responseExcerpt, next.status, next.nextAttemptAt ?? null, message.leaseUntil],
  );
  return rows[0]!.moved;
}

/** Puts a message back in the queue, due now (a manual retry); false when it does not exist for the endpoint. */
export async function requeueMessage(db: Db, workspaceId: string, endpointId: string, id: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE messages SET status = 'pending', next_attempt_at = $4, finished_at = NULL
      WHERE workspace_id = $1 AND endpoint_id = $2 AND id = $3`,
    [workspaceId, endpointId, id, now],
  );
  return (rowCount ?? 0) > 0;
}

export interface DeliveryFilter {
  status?: DeliveryStatus;
  eventTypes?: string[];
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
  cursor_time: string;
  log: Array<{ attempted_at: string; status_code: number | null; duration_ms: number; error: string | null; response_excerpt: string }>;
}

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: r.id,
    eventId: r.event_id,
    eventType: r.event_type,
    status: r.status,
    attemptCount: r.attempts,
    nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
    attempts: r.log.map((a) => ({ attemptedAt: new Date(a.attempted_at).toISOString(), statusCode: a.status_code, durationMs: a.duration_ms, error: a.error, response: a.response_excerpt })),
  };
}

const DELIVERY_COLUMNS = `m.id, m.event_id, m.event_type, m.status, m.attempts, m.next_attempt_at, m.created_at, m.finished_at, ${cursorTimeSql('m.created_at')} AS cursor_time,
  coalesce((SELECT json_agg(a ORDER BY a.attempted_at DESC) FROM (
     SELECT attempted_at, status_code, duration_ms, error, response_excerpt FROM attempts
      WHERE workspace_id = m.workspace_id AND message_id = m.id ORDER BY attempted_at DESC LIMIT ${ATTEMPTS_SHOWN}) a), '[]') AS log`;

/** One delivery of the endpoint. */
export async function findDelivery(db: Db, workspaceId: string, endpointId: string, id: string): Promise<Delivery | undefined> {
  const { rows } = await db.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM messages m WHERE m.workspace_id = $1 AND m.endpoint_id = $2 AND m.id = $3`, [workspaceId, endpointId, id]);
  return rows[0] && toDelivery(rows[0]);
}

/** The endpoint's deliveries, newest first, one keyset page. */
export async function listDeliveries(db: Db, workspaceId: string, endpointId: string, filter: DeliveryFilter, page: PageRequest<TimeIdKey>): Promise<{ rows: Delivery[]; next?: TimeIdKey }> {
  const w = new SqlConditions().add((p) => `m.workspace_id = ${p}`, workspaceId).add((p) => `m.endpoint_id = ${p}`, endpointId);
  if (filter.status) w.add((p) => `m.status = ${p}`, filter.status);
  if (filter.eventTypes) w.add((p) => `m.event_type = ANY(${p}::text[])`, filter.eventTypes);
  if (page.after) w.raw(`(m.created_at, m.id) < (${w.bind(page.after[0])}::timestamptz, ${w.bind(page.after[1])}::uuid)`);
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM messages m WHERE ${w.sql} ORDER BY m.created_at DESC, m.id DESC LIMIT ${page.limit + 1} OFFSET ${page.offset}`,
    w.params,
  );
  const { rows: pageRows, next } = keysetPage(rows, page.limit, (last): TimeIdKey => [last.cursor_time, last.id]);
  return { rows: pageRows.map(toDelivery), next };
}

/** Deletes finished messages (and their attempts) older than the retention, a batch per statement; answers how many. */
export async function purgeFinishedMessages(db: Db, olderThan: Date, batchSize: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM messages WHERE (workspace_id, id) IN (SELECT workspace_id, id FROM messages WHERE finished_at < $1 LIMIT $2)`,
    [olderThan, batchSize],
  );
  return rowCount ?? 0;
}
