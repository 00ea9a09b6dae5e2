import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { traceLogFields } from './telemetry/tracing';

interface LogContext {
  requestId?: string;
  workspaceId?: string;
  /** Who the work is done for (the API key's user and the key): named in log lines and, as the actor, on every event it records. */
  userId?: string;
  keyId?: string;
  /**
   * When the caller stops waiting (epoch ms): the gateway's request deadline, carried to the
   * services in the signed context and to commands in their envelope (shared/src/deadline.ts).
   * Not logged.
   */
  deadline?: number;
  /** How many transactions the request has begun (shared/src/db/transaction.ts; docs/overload.md bounds them). Not logged. */
  transactions?: number;
}

/** Carries the request id through async work so every log line of a request names it. */
export const logContext = new AsyncLocalStorage<LogContext>();

export type Logger = pino.Logger;

/** `toStderr` keeps stdout clean for programs whose stdout is their answer (the admin CLI). */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', toStderr = false): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const store = logContext.getStore();
      if (store === undefined) return { ...traceLogFields() };
      const { deadline: _deadline, transactions: _transactions, ...fields } = store;
      return { ...fields, ...traceLogFields() };
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-internal-signature"]',
        'req.headers["x-internal-context"]',
        'apiKey',
        '*.apiKey',
        'secret',
      ],
      censor: '[redacted]',
    },
  };
  return toStderr ? pino(options, pino.destination(2)) : pino(options);
}
