import { randomBytes } from 'node:crypto';
import { newId } from '@inv/shared/core';
import { createPool, type Pool, purgeExpiredKeys } from '@inv/shared/db';
import { MESSAGING_TABLES_SQL, purgeProcessedMessages, purgeSentOutbox, scheduleMessagingPurges } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { Housekeeping } from '@inv/shared/runtime';
import { eventually } from '../support/fixtures';

const logger = createLogger('housekeeping-test', 'silent');
const pools: Pool[] = [];
afterAll(() => Promise.all(pools.map((p) => p.end())));

function poolFor(schema: string): Pool {
  const pool = createPool(process.env.TEST_DATABASE_URL!, logger, { max: 3, options: `-c search_path=${schema}` });
  pools.push(pool);
  return pool;
}

/** A schema of its own with the messaging tables, as a service has after its first migration. */
async function serviceSchema(): Promise<Pool> {
  const schema = `purge_${randomBytes(4).toString('hex')}`;
  const admin = poolFor('public');
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pool = poolFor(schema);
  await pool.query(MESSAGING_TABLES_SQL);
  return pool;
}

/** Outbox rows; `sentHoursAgo` null leaves a row unsent. Answers their ids. */
async function outboxRows(pool: Pool, count: number, ages: { createdHoursAgo: number; sentHoursAgo: number | null }): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  for (const id of ids) {
    await pool.query(
      `INSERT INTO outbox (id, type, workspace_id, message, created_at, sent_at)
       VALUES ($1, 'test.purged', 'ws', '{}', now() - make_interval(hours => $2), CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(hours => $3::int) END)`,
      [id, ages.createdHoursAgo, ages.sentHoursAgo],
    );
  }
  return ids;
}

async function processedRows(pool: Pool, count: number, hoursAgo: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  for (const id of ids) {
    await pool.query("INSERT INTO processed_messages (consumer, message_id, processed_at) VALUES ('test.events', $1, now() - make_interval(hours => $2))", [id, hoursAgo]);
  }
  return ids;
}

async function remainingOutbox(pool: Pool): Promise<string[]> {
  return (await pool.query<{ id: string }>('SELECT id FROM outbox ORDER BY seq')).rows.map((r) => r.id);
}

async function remainingProcessed(pool: Pool): Promise<string[]> {
  return (await pool.query<{ message_id: string }>('SELECT message_id FROM processed_messages ORDER BY processed_at, message_id')).rows.map((r) => r.message_id);
}

describe('purging the messaging tables', () => {
  it('when sent outbox rows are older than the retention, then only those go: unsent rows stay however old, and young sent ones stay', async () => {
    const pool = await serviceSchema();
    await outboxRows(pool, 5, { createdHoursAgo: 200, sentHoursAgo: 199 });
    const stuck = await outboxRows(pool, 1, { createdHoursAgo: 720, sentHoursAgo: null });
    const young = await outboxRows(pool, 2, { createdHoursAgo: 2, sentHoursAgo: 1 });

    expect(await purgeSentOutbox(pool, 168, { batchSize: 2 })).toBe(5);
    expect(await remainingOutbox(pool)).toEqual([...stuck, ...young]);
    expect(await purgeSentOutbox(pool, 168, { batchSize: 2 })).toBe(0);
  });

  it('when processed message ids are older than the retention, then only those are forgotten', async () => {
    const pool = await serviceSchema();
    await processedRows(pool, 3, 400);
    const young = await processedRows(pool, 2, 300);

    expect(await purgeProcessedMessages(pool, 336, { batchSize: 2 })).toBe(3);
    expect((await remainingProcessed(pool)).sort()).toEqual([...young].sort());
  });

  it('when more rows are due than one call may delete, then it stops after maxBatches and the next call goes on', async () => {
    const pool = await serviceSchema();
    await outboxRows(pool, 5, { createdHoursAgo: 200, sentHoursAgo: 199 });
    expect(await purgeSentOutbox(pool, 168, { batchSize: 2, maxBatches: 1 })).toBe(2);
    expect(await remainingOutbox(pool)).toHaveLength(3);
    expect(await purgeSentOutbox(pool, 168, { batchSize: 2 })).toBe(3);
  });

  it('when another transaction holds a due row, then the purge skips it without waiting, and a later run deletes it', async () => {
    const pool = await serviceSchema();
    const [held, ...others] = await outboxRows(pool, 3, { createdHoursAgo: 200, sentHoursAgo: 199 });
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM outbox WHERE id = $1 FOR UPDATE', [held]);
      expect(await purgeSentOutbox(pool, 168, { batchSize: 10 })).toBe(others.length);
      expect(await remainingOutbox(pool)).toEqual([held]);
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
    expect(await purgeSentOutbox(pool, 168, { batchSize: 10 })).toBe(1);
  });

  it('when a service schedules its messaging purges, then they run by themselves and leave what is still needed', async () => {
    const pool = await serviceSchema();
    await outboxRows(pool, 3, { createdHoursAgo: 200, sentHoursAgo: 199 });
    const unsent = await outboxRows(pool, 1, { createdHoursAgo: 200, sentHoursAgo: null });
    await processedRows(pool, 3, 400);
    const recent = await processedRows(pool, 1, 1);
    const housekeeping = new Housekeeping(logger);
    scheduleMessagingPurges(housekeeping, pool, { PURGE_INTERVAL_MS: 1000, PURGE_BATCH_SIZE: 100, OUTBOX_RETENTION_HOURS: 168, PROCESSED_MESSAGES_RETENTION_HOURS: 336 });
    housekeeping.start();
    try {
      await eventually('both purges to have run', async () => ((await remainingOutbox(pool)).length === 1 && (await remainingProcessed(pool)).length === 1 ? true : undefined));
    } finally {
      await housekeeping.stop();
    }
    expect(await remainingOutbox(pool)).toEqual(unsent);
    expect(await remainingProcessed(pool)).toEqual(recent);
  });
});

describe.each(['catalog', 'locations', 'stock', 'notifications'])("purging the %s service's idempotency keys", (service) => {
  it('when keys are older than their 24 hours, then they go and younger ones stay', async () => {
    const pool = poolFor(service);
    const workspaceId = `purge-test-${newId()}`;
    const insert = (key: string, hoursAgo: number) =>
      pool.query(
        `INSERT INTO idempotency_keys (workspace_id, user_id, endpoint, key, fingerprint, status, body, created_at)
         VALUES ($1, 'user', 'POST /transfers', $2, 'fp', 201, '{}', now() - make_interval(hours => $3))`,
        [workspaceId, key, hoursAgo],
      );
    await insert('expired-1', 25);
    await insert('expired-2', 48);
    await insert('fresh', 23);

    await purgeExpiredKeys(pool, { batchSize: 1 });
    const { rows } = await pool.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE workspace_id = $1', [workspaceId]);
    expect(rows.map((r) => r.key)).toEqual(['fresh']);
  });
});
