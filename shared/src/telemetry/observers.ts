import type { BatchObservableCallback, ObservableCallback } from '@opentelemetry/api';
import type { Pool } from 'pg';
import type { Logger } from '../logger';
import type { Broker } from '../messaging/broker';
import { withTimeout } from '../retry';
import { admissionLimit, dbPoolConnections, deadLetterDepth, meter, outboxBacklog, outboxOldestUnsentAge } from './metrics';

/**
 * How long a scrape waits for PostgreSQL or RabbitMQ. A gauge whose source did not answer in time
 * is left out of that scrape (an absent series is the alert), never waited for: a scrape must not
 * hang because the thing it would report on is down.
 */
export const SCRAPE_TIMEOUT_MS = 1000;

/** Stops observing; call when the observed thing is closed. */
export type StopObserving = () => void;

/** db_pool_connections{pool, state} from the pool's own counters (no query). */
export function observePool(pool: Pool, name: string): StopObserving {
  const callback: ObservableCallback = (result) => {
    result.observe(pool.totalCount, { pool: name, state: 'total' });
    result.observe(pool.idleCount, { pool: name, state: 'idle' });
    result.observe(pool.waitingCount, { pool: name, state: 'waiting' });
  };
  dbPoolConnections.instrument().addCallback(callback);
  return () => dbPoolConnections.instrument().removeCallback(callback);
}

/** outbox_backlog_messages{service} and outbox_oldest_unsent_age_seconds{service}: one indexed query per scrape. */
export function observeOutbox(pool: Pool, service: string, logger: Logger): StopObserving {
  const callback: BatchObservableCallback = async (result) => {
    try {
      const { rows } = await withTimeout(
        pool.query<{ backlog: number; oldest: number }>(
          'SELECT count(*)::int AS backlog, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest FROM outbox WHERE sent_at IS NULL',
        ),
        SCRAPE_TIMEOUT_MS,
        `the outbox did not answer within ${SCRAPE_TIMEOUT_MS} ms`,
      );
      result.observe(outboxBacklog.instrument(), rows[0]!.backlog, { service });
      result.observe(outboxOldestUnsentAge.instrument(), rows[0]!.oldest, { service });
    } catch (err) {
      logger.debug({ err: (err as Error).message }, 'outbox gauges left out of this scrape');
    }
  };
  const gauges = [outboxBacklog.instrument(), outboxOldestUnsentAge.instrument()];
  meter().addBatchObservableCallback(callback, gauges);
  return () => meter().removeBatchObservableCallback(callback, gauges);
}

/** dlq_depth_messages{queue} for each queue, by a passive declare on a channel of its own. */
export function observeDeadLetters(broker: Broker, queues: string[], logger: Logger): StopObserving {
  const channel = broker.channel('telemetry', async () => undefined);
  const callback: ObservableCallback = async (result) => {
    await Promise.all(
      queues.map(async (queue) => {
        try {
          const { messageCount } = await withTimeout(channel.checkQueue(queue), SCRAPE_TIMEOUT_MS, `RabbitMQ did not answer within ${SCRAPE_TIMEOUT_MS} ms`);
          result.observe(messageCount, { queue });
        } catch (err) {
          logger.debug({ err: (err as Error).message, queue }, 'dead-letter depth left out of this scrape');
        }
      }),
    );
  };
  deadLetterDepth.instrument().addCallback(callback);
  return () => {
    deadLetterDepth.instrument().removeCallback(callback);
    void channel.close().catch(() => undefined);
  };
}

/** admission_limit_requests{state}: the admission control's limit and the requests it holds. */
export function observeAdmission(state: () => { limit: number; inFlight: number }): StopObserving {
  const callback: ObservableCallback = (result) => {
    const now = state();
    result.observe(now.limit, { state: 'limit' });
    result.observe(now.inFlight, { state: 'in_flight' });
  };
  admissionLimit.instrument().addCallback(callback);
  return () => admissionLimit.instrument().removeCallback(callback);
}
