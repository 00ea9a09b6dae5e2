import type { Logger } from '@inv/shared/observability';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * The one way the gateway and the admin CLI reach Redis: one server (REDIS_URL), or the primary
 * the Sentinels name (REDIS_SENTINELS, REDIS_SENTINEL_MASTER; docs/high-availability.md). With
 * Sentinels, ioredis asks them for the primary on every (re)connection and drops its connection
 * when they announce a failover (`failoverDetector`), so the client follows a promotion by itself.
 * Either way a node that answers READONLY (a primary demoted to a replica under a client that
 * stayed connected) makes the client reconnect and send the command again, to the primary: the
 * limiter never runs against a read-only node.
 */
export function connectRedis(config: { REDIS_URL: string; REDIS_SENTINELS: ReadonlyArray<{ host: string; port: number }>; REDIS_SENTINEL_MASTER: string }, options: RedisOptions): Redis {
  const common: RedisOptions = { ...options, reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false) };
  if (config.REDIS_SENTINELS.length === 0) return new Redis(config.REDIS_URL, common);
  return reconnectingAfterUnaskedEnd(
    new Redis({
      ...common,
      sentinels: config.REDIS_SENTINELS.map(({ host, port }) => ({ host, port })),
      name: config.REDIS_SENTINEL_MASTER,
      role: 'master',
      failoverDetector: true,
      sentinelCommandTimeout: options.commandTimeout,
      // While no Sentinel answers, keep asking (the failover may still be under way), never give up.
      sentinelRetryStrategy: (times) => Math.min(times * 200, 2000),
    }),
  );
}

/** How long a client that ended without being asked to waits before connecting again. */
const RECONNECT_AFTER_END_MS = 200;

/**
 * ioredis (6.0) gives up for good when the failover detector announces +switch-master while the
 * client is already reconnecting after losing the primary: the detector's disconnect cancels the
 * connection attempt under way, and a cancelled attempt ends the client ('end', every command
 * "Connection is closed.") instead of retrying. Measured in the high-availability suite: the
 * gateway's limiter then stayed open until the process restarted. A client that ends without its
 * owner calling quit() or disconnect() therefore connects again; one its owner closed stays closed.
 */
function reconnectingAfterUnaskedEnd(redis: Redis): Redis {
  let closedByOwner = false;
  const quit = redis.quit.bind(redis);
  const disconnect = redis.disconnect.bind(redis);
  redis.quit = ((...args: Parameters<Redis['quit']>) => {
    closedByOwner = true;
    return quit(...args);
  }) as Redis['quit'];
  redis.disconnect = (reconnect = false) => {
    if (!reconnect) closedByOwner = true;
    disconnect(reconnect);
  };
  redis.on('end', () => {
    if (closedByOwner) return;
    setTimeout(() => {
      if (!closedByOwner && redis.status === 'end') redis.connect().catch(() => undefined);
    }, RECONNECT_AFTER_END_MS).unref();
  });
  return redis;
}

/**
 * Calls `onNewPrimary` whenever the client, once ready, is connected to another primary than the
 * one it last reached: a failover promoted a replica, or the server restarted empty. Either may
 * have lost the last writes acknowledged before it (Redis replicates asynchronously), which is
 * what a caller must then stop relying on. Tells the servers apart by their replication id,
 * which a promotion or a restart changes and a reconnection to the same server keeps.
 */
export function watchPrimary(redis: Redis, logger: Logger, onNewPrimary: () => Promise<unknown>): void {
  let known: string | undefined;
  redis.on('ready', () => {
    redis
      .info('replication')
      .then(async (info) => {
        const replid = /master_replid:(\w+)/.exec(info)?.[1];
        if (replid === undefined || replid === known) return;
        const first = known === undefined;
        known = replid;
        if (first) return;
        logger.warn('Redis: connected to another primary than before (a failover or a restart); what it may have lost of recent writes is treated as lost');
        await onNewPrimary();
      })
      .catch((err: Error) => logger.warn({ err: err.message }, 'Redis: could not tell whether the primary changed'));
  });
}
