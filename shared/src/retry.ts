import type { Logger } from './logger';

export interface RetryOptions {
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Aborts the wait (the process is shutting down). */
  signal?: AbortSignal;
}

/**
 * Runs `attempt` until it succeeds, waiting with capped exponential backoff between tries and
 * logging what it waits for, so a process started before its dependencies waits for them
 * instead of exiting. Throws only when `signal` aborts.
 */
export async function retryUntilSuccess<T>(what: string, attempt: () => Promise<T>, logger: Logger, options: RetryOptions = {}): Promise<T> {
  const maxDelayMs = options.maxDelayMs ?? 5000;
  let delayMs = options.initialDelayMs ?? 250;
  for (let tries = 1; ; tries++) {
    try {
      const result = await attempt();
      if (tries > 1) logger.info(`${what} is available`);
      return result;
    } catch (err) {
      if (options.signal?.aborted) throw err;
      logger.warn({ err: (err as Error).message, attempt: tries, retryInMs: delayMs }, `waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        options.signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
      delayMs = Math.min(maxDelayMs, delayMs * 2);
    }
  }
}

/** Rejects with `message` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
