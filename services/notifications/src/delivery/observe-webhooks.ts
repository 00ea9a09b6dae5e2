import type { BatchObservableCallback } from '@opentelemetry/api';
import type { Pool } from '@inv/shared/db';
import { type Logger, meter, SCRAPE_TIMEOUT_MS, type StopObserving, webhookBacklog, webhookDisabledEndpoints, webhookOldestPendingAge } from '@inv/shared/observability';
import { withTimeout } from '@inv/shared/runtime';

/**
 * webhook_backlog_messages, webhook_oldest_pending_age_seconds and webhook_disabled_endpoints:
 * one query per scrape, left out of a scrape PostgreSQL does not answer in time. Not per
 * workspace: a label per tenant would grow without bound.
 */
export function observeWebhooks(pool: Pool, logger: Logger): StopObserving {
  const gauges = [webhookBacklog.instrument(), webhookOldestPendingAge.instrument(), webhookDisabledEndpoints.instrument()];
  const callback: BatchObservableCallback = async (result) => {
    try {
      const { rows } = await withTimeout(
        pool.query<{ backlog: number; oldest: number; disabled: number }>(
          `SELECT (SELECT count(*)::int FROM messages m JOIN endpoints e ON e.workspace_id = m.workspace_id AND e.id = m.endpoint_id WHERE m.status = 'pending' AND e.enabled) AS backlog,
                  (SELECT coalesce(EXTRACT(EPOCH FROM now() - min(m.created_at)), 0)::float8 FROM messages m JOIN endpoints e ON e.workspace_id = m.workspace_id AND e.id = m.endpoint_id WHERE m.status = 'pending' AND e.enabled) AS oldest,
                  (SELECT count(*)::int FROM endpoints WHERE NOT enabled) AS disabled`,
        ),
        SCRAPE_TIMEOUT_MS,
        `PostgreSQL did not answer within ${SCRAPE_TIMEOUT_MS} ms`,
      );
      const row = rows[0]!;
      result.observe(gauges[0]!, row.backlog);
      result.observe(gauges[1]!, row.oldest);
      result.observe(gauges[2]!, row.disabled);
    } catch (err) {
      logger.debug({ err: (err as Error).message }, 'webhook gauges left out of this scrape');
    }
  };
  meter().addBatchObservableCallback(callback, gauges);
  return () => meter().removeBatchObservableCallback(callback, gauges);
}
