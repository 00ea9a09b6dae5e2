import type { Pool } from 'pg';
import type { BaseConfig } from '../config';
import { type Housekeeping, purgeInBatches, type PurgeLimits } from '../housekeeping';

type RetentionConfig = Pick<BaseConfig, 'PURGE_INTERVAL_MS' | 'PURGE_BATCH_SIZE' | 'OUTBOX_RETENTION_HOURS' | 'PROCESSED_MESSAGES_RETENTION_HOURS'>;

/**
 * Deletes outbox rows sent more than `retentionHours` ago. Unsent rows are never touched, however
 * old: they are events still owed to the broker. Walks the primary key from the oldest row.
 */
export function purgeSentOutbox(pool: Pool, retentionHours: number, limits: PurgeLimits): Promise<number> {
  return purgeInBatches(
    pool,
    { table: 'outbox', key: 'seq', condition: 'sent_at IS NOT NULL AND sent_at < now() - make_interval(hours => $1)', params: [retentionHours], orderBy: 'seq' },
    limits,
  );
}

/** Forgets applied message ids older than `retentionHours`; a redelivery after that would apply again. */
export function purgeProcessedMessages(pool: Pool, retentionHours: number, limits: PurgeLimits): Promise<number> {
  return purgeInBatches(
    pool,
    { table: 'processed_messages', key: 'consumer, message_id', condition: 'processed_at < now() - make_interval(hours => $1)', params: [retentionHours] },
    limits,
  );
}

/** Schedules the purges of the messaging tables (see tables.ts) that every service keeps. */
export function scheduleMessagingPurges(housekeeping: Housekeeping, pool: Pool, config: RetentionConfig): void {
  const limits = { batchSize: config.PURGE_BATCH_SIZE };
  housekeeping
    .every('purge sent outbox rows', config.PURGE_INTERVAL_MS, async () => ({ purged: await purgeSentOutbox(pool, config.OUTBOX_RETENTION_HOURS, limits) }))
    .every('purge processed message ids', config.PURGE_INTERVAL_MS, async () => ({
      purged: await purgeProcessedMessages(pool, config.PROCESSED_MESSAGES_RETENTION_HOURS, limits),
    }));
}
