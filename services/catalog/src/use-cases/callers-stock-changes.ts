import { type Caller, DependencyAway, PastCapacity, type RetryLater, STOCK_SERVICE, StockCommands, StockPosition } from '@inv/shared/core';
import { timeLeft } from '@inv/shared/http';
import { SERVICE_DOWN_GRACE_MS } from '@inv/shared/messaging';
import { readYourWritesWait } from '@inv/shared/observability';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { stockAppliedThrough } from '../data/stock-feed-repository';

type Runtime = Pick<ServiceRuntime, 'pool' | 'broker' | 'client' | 'config'>;

/**
 * Read-your-writes for reads built from the catalog's stock projection (docs/consistency.md):
 * waits until the projection has applied the stock position the caller's own acknowledged writes
 * reached, as the gateway passed it (context.writes). When the gateway could not tell, the
 * workspace's latest position is asked of the stock service instead. A caller without stock
 * changes of its own waits for nothing: other callers' changes reach it within the projection's
 * lag (measured by `npm run bench`).
 *
 * Throws the retryable refusal (429), never waiting past READ_YOUR_WRITES_WAIT_MS or the request's
 * deadline: DependencyAway naming RabbitMQ while it is unreachable, or the stock service when none
 * of its processes runs (its changes cannot be relayed; after SERVICE_DOWN_GRACE_MS, in case it is
 * just re-registering); PastCapacity naming the lag when the projection is simply that far behind.
 */
export async function awaitCallersStockChanges(runtime: Runtime, context: Caller): Promise<void> {
  const workspaceId = context.workspace.id;
  // Unknown, or possibly incomplete (Redis may have lost positions of writes acknowledged before it began keeping them again): asked of the stock service.
  const required = context.writes === 'unknown' || context.writes.since !== undefined ? await latestPosition(runtime, context) : (context.writes.stock ?? 0);
  if (required === 0) return;
  const started = Date.now();
  const gaveUp = (outcome: 'timeout' | 'unavailable', refusal: RetryLater) => {
    readYourWritesWait.record((Date.now() - started) / 1000, { outcome });
    return refusal;
  };
  // When the stock service is next asked whether it runs: at the first miss, and once more after the grace if it did not.
  let askStockAt = started;
  let stockSeenDown = false;
  for (let pauseMs = 2; ; pauseMs = Math.min(pauseMs * 2, 50)) {
    const through = await stockAppliedThrough(runtime.pool, workspaceId);
    if (through >= required) {
      readYourWritesWait.record((Date.now() - started) / 1000, { outcome: 'reached' });
      return;
    }
    if (!runtime.broker.isConnected) throw gaveUp('unavailable', new DependencyAway('RabbitMQ (your latest stock changes cannot reach the catalog until it is back)', 'unchanged'));
    if (Date.now() >= askStockAt) {
      const down = (await runtime.client.serving(STOCK_SERVICE)) === false;
      if (down && stockSeenDown) throw gaveUp('unavailable', new DependencyAway('The stock service (your latest stock changes cannot reach the catalog until it runs)', 'unchanged'));
      stockSeenDown = down;
      askStockAt = down ? Date.now() + SERVICE_DOWN_GRACE_MS : Number.POSITIVE_INFINITY;
    }
    if (Date.now() - started >= runtime.config.READ_YOUR_WRITES_WAIT_MS || (timeLeft() ?? Number.POSITIVE_INFINITY) < pauseMs) {
      throw gaveUp('timeout', new PastCapacity(`The catalog's stock projection (your latest stock change, stock position ${required}, has not reached it yet; it has applied up to ${through})`));
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

async function latestPosition(runtime: Runtime, context: Caller): Promise<number> {
  const answer = await runtime.client.request(STOCK_SERVICE, StockCommands.position, {}, {
    workspaceId: context.workspace.id,
    requestId: context.requestId,
    timeoutMs: runtime.config.PROJECTION_CALL_TIMEOUT_MS,
    readsOnly: true });
  return StockPosition.parse(answer).position;
}
