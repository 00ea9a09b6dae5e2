import type { Pool, PoolClient } from '@inv/shared/db';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';

type Db = Pool | PoolClient;

/** An endpoint row: what the API shows, plus the sealed secrets and the failing streak. */
export interface EndpointRecord extends WebhookEndpoint {
  secret: Buffer;
  previousSecret: Buffer | null;
  previousSecretUntil: Date | null;
  failingSince: Date | null;
}

interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  disabled_reason: string | null;
  secret: Buffer;
  previous_secret: Buffer | null;
  previous_secret_until: Date | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, url, events, description, enabled, disabled_reason, secret, previous_secret, previous_secret_until, failing_since, created_at, updated_at';

function toRecord(r: EndpointRow): EndpointRecord {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    description: r.description,
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    secret: r.secret,
    previousSecret: r.previous_secret,
    previousSecretUntil: r.previous_secret_until,
    failingSince: r.failing_since,
  };
}

/** What the API shows of an endpoint: never a secret. */
export function presentEndpoint(record: EndpointRecord): WebhookEndpoint {
  const { id, url, events, description, enabled, disabledReason, createdAt, updatedAt } = record;
  return { id, url, events, description, enabled, disabledReason, createdAt, updatedAt };
}

export interface NewEndpoint {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  secret: Buffer;
  now: Date;
}

export async function insertEndpoint(tx: PoolClient, workspaceId: string, e: NewEndpoint): Promise<EndpointRecord> {
  const { rows } = await tx.query<EndpointRow>(
    `INSERT INTO endpoints (workspace_id, id, url, events, description, enabled, secret, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
    [workspaceId, e.id, e.url, e.events, e.description, e.enabled, e.secret, e.now],
  );
  return toRecord(rows[0]!);
}

/** The endpoint; `forUpdate` locks it for the rest of the transaction (a change, a rotation, a delivery's outcome). */
export async function findEndpoint(db: Db, workspaceId: string, id: string, forUpdate = false): Promise<EndpointRecord | undefined> {
  const { rows } = await db.query<EndpointRow>(`SELECT ${COLUMNS} FROM endpoints WHERE workspace_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [workspaceId, id]);
  return rows[0] && toRecord(rows[0]);
}

/** Every endpoint of the workspace, oldest first: at most the plan's limit (500 on the largest plan), so one page. */
export async function listEndpoints(db: Db, workspaceId: string): Promise<EndpointRecord[]> {
  const { rows } = await db.query<EndpointRow>(`SELECT ${COLUMNS} FROM endpoints WHERE workspace_id = $1 ORDER BY created_at, id`, [workspaceId]);
  return rows.map(toRecord);
}

export interface EndpointChange {
  url?: string;
  events?: string[];
  description?: string;
  enabled?: boolean;
  /** Set with `enabled`: null when enabled or paused through the API, a reason when the service disables it. */
  disabledReason?: string | null;
  /** Cleared when the endpoint is enabled again: its next failure starts a new streak. */
  failingSince?: null;
  secret?: Buffer;
  previousSecret?: Buffer | null;
  previousSecretUntil?: Date | null;
}

const CHANGE_COLUMNS: Record<keyof EndpointChange, string> = {
  url: 'url',
  events: 'events',
  description: 'description',
  enabled: 'enabled',
  disabledReason: 'disabled_reason',
  failingSince: 'failing_since',
  secret: 'secret',
  previousSecret: 'previous_secret',
  previousSecretUntil: 'previous_secret_until',
};

export async function updateEndpoint(tx: PoolClient, workspaceId: string, id: string, change: EndpointChange, now: Date): Promise<EndpointRecord | undefined> {
  const entries = (Object.entries(change) as Array<[keyof EndpointChange, unknown]>).filter(([, v]) => v !== undefined);
  const sets = entries.map(([key], i) => `${CHANGE_COLUMNS[key]} = $${i + 4}`);
  const { rows } = await tx.query<EndpointRow>(
    `UPDATE endpoints SET ${[...sets, 'updated_at = $3'].join(', ')} WHERE workspace_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [workspaceId, id, now, ...entries.map(([, v]) => v)],
  );
  return rows[0] && toRecord(rows[0]);
}

/**
 * Starts the endpoint's failing streak (what disables it after WEBHOOK_DISABLE_AFTER) at its
 * first failure; a success ends it (recordAttempt). Not a change of the endpoint: updatedAt stays.
 */
export async function startFailingStreak(tx: PoolClient, workspaceId: string, id: string, since: Date): Promise<void> {
  await tx.query('UPDATE endpoints SET failing_since = $3 WHERE workspace_id = $1 AND id = $2 AND failing_since IS NULL', [workspaceId, id, since]);
}

/** Deletes the endpoint with its messages and their attempts; false when there was none. */
export async function deleteEndpoint(tx: PoolClient, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM endpoints WHERE workspace_id = $1 AND id = $2', [workspaceId, id]);
  return (rowCount ?? 0) > 0;
}

/** The enabled endpoints of each workspace given: who may receive their events. */
export async function enabledEndpoints(db: Db, workspaceIds: string[]): Promise<Array<{ workspaceId: string; id: string; events: string[] }>> {
  const { rows } = await db.query<{ workspace_id: string; id: string; events: string[] }>(
    'SELECT workspace_id, id, events FROM endpoints WHERE workspace_id = ANY($1) AND enabled',
    [workspaceIds],
  );
  return rows.map((r) => ({ workspaceId: r.workspace_id, id: r.id, events: r.events }));
}

/** The live count of a workspace's endpoints, as the plan quota counts it ($1: the workspace). */
export const ENDPOINTS_IN_USE = 'SELECT count(*) FROM endpoints WHERE workspace_id = $1';
