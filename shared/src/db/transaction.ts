import type { Pool, PoolClient } from 'pg';
import { deadlineRefusal, timeLeft, TOO_LATE_TO_START_MS } from '../deadline';
import { PastCapacity } from '../errors';
import { logContext } from '../logger';
import { pgSocket } from './pg-socket';
import { isConnectionError } from './pool';

export interface TransactionOptions {
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
}

/**
 * Thrown by withTransaction when the connection failed once COMMIT was on its way: the server may
 * have committed the transaction before the connection went, or not. The caller cannot tell, so
 * neither can its refusal (databaseRefusal: outcome unknown).
 */
export class CommitOutcomeUnknown extends Error {
  constructor(cause: unknown) {
    super('the database connection failed while the transaction was committing; it may have committed', { cause });
  }
}

/**
 * Runs `work` in one transaction on one client, always released, once: running it again is the
 * unit of work's decision (inUnitOfWork, shared/src/db/unit-of-work.ts), the one place that
 * retries. A client whose connection failed is discarded without a ROLLBACK (the server rolls back
 * a transaction whose session ends), so a dead or silent database costs one timeout, not two.
 * Throws whatever `work` throws (after rollback); CommitOutcomeUnknown when the connection failed
 * once COMMIT had been sent.
 */
export async function withTransaction<T>(pool: Pool, work: (tx: PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const client = await connectInTime(pool);
  const request = logContext.getStore();
  if (request) request.transactions = (request.transactions ?? 0) + 1;
  let broken = false;
  try {
    // BEGIN travels with work's first statements (pipeline mode) instead of costing a round trip
    // of its own. Only a broken connection can fail it, and that fails what follows it too.
    const lockWait = requestLockWaitMs();
    const begun = inOneRoundTrip(
      client,
      () => [
        client.query(`BEGIN ISOLATION LEVEL ${(options.isolation ?? 'read committed').toUpperCase()}`),
        ...(lockWait === undefined ? [] : [client.query(`SET LOCAL lock_timeout = ${lockWait}`)]),
      ],
      { untilNextTurn: true },
    );
    begun.catch(() => undefined);
    const result = await work(client);
    await begun;
    if (!committedEarly.has(client)) {
      commitSent.add(client);
      await client.query('COMMIT');
    }
    return result;
  } catch (err) {
    broken = isConnectionError(err);
    if (broken && commitSent.has(client)) throw new CommitOutcomeUnknown(err);
    if (!broken) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
    }
    throw err;
  } finally {
    committedEarly.delete(client);
    commitSent.delete(client);
    client.release(broken);
  }
}

/** How many transactions the current request (or consumed message, or command) has begun so far: what docs/overload.md bounds per request. */
export function transactionsOfRequest(): number {
  return logContext.getStore()?.transactions ?? 0;
}

/**
 * Requests already waiting for a connection, per connection of the pool, past which a request
 * is refused at once rather than queued: by the time its turn came, its caller would have gone.
 */
const WAITERS_PER_CONNECTION = 8;

/**
 * How long a request's transaction waits for a row another transaction holds (docs/overload.md):
 * past it, PostgreSQL cancels the statement (55P03) and the request gets the retryable 429
 * (databaseRefusal), as Stripe answers lock contention. A queue of writers on one hot row (an
 * item's total, a van's balance) otherwise grows its tail up to the statement timeout, so every
 * writer behind it is slow instead of a few being told to come back. Work outside a request
 * (consumers, imports, sweepers) waits up to its statement timeout as before.
 */
export const REQUEST_LOCK_WAIT_MS = 500;

function requestLockWaitMs(): number | undefined {
  const left = timeLeft();
  return left === undefined ? undefined : Math.max(1, Math.min(REQUEST_LOCK_WAIT_MS, Math.floor(left)));
}

/**
 * The longest a request waits for a pooled connection: a queue that long means the service is past
 * its capacity, and a caller told so now (the retryable 429) does better than one answered late.
 */
export const REQUEST_POOL_WAIT_MS = 500;

/**
 * A pooled client, for a request no later than its deadline (shared/src/deadline.ts): refused at
 * once (PastCapacity, retryable) when the pool's queue is already long or the deadline too near, and
 * when no client frees up before the deadline or within REQUEST_POOL_WAIT_MS. Outside a request (consumers, sweepers, workers),
 * the pool's own connectionTimeoutMillis bounds the wait. Costs nothing while a client is idle.
 */
export async function connectInTime(pool: Pool): Promise<PoolClient> {
  const left = timeLeft();
  if (left === undefined || pool.idleCount > 0 || pool.totalCount < (pool.options.max ?? 10)) return pool.connect();
  if (pool.waitingCount >= WAITERS_PER_CONNECTION * (pool.options.max ?? 10)) {
    throw new PastCapacity('The service (too many requests already wait for a database connection)');
  }
  if (left < TOO_LATE_TO_START_MS) throw deadlineRefusal('a database connection was free');
  const wait = Math.min(left, REQUEST_POOL_WAIT_MS);
  return new Promise<PoolClient>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(wait < left ? new PastCapacity(`The service (no database connection freed up within ${REQUEST_POOL_WAIT_MS} ms)`) : deadlineRefusal('a database connection was free'));
    }, wait);
    pool.connect().then(
      (client) => {
        // Its caller has gone: the connection goes straight back to the next in the queue.
        if (late) return client.release();
        clearTimeout(timer);
        resolve(client);
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (!late) reject(err);
      },
    );
  });
}

/** Clients whose transaction `work` already committed through commitWith or commitInRoundTrip. */
const committedEarly = new WeakSet<PoolClient>();
/** Clients whose transaction's COMMIT has been sent: a connection failure from then on leaves its outcome unknown. */
const commitSent = new WeakSet<PoolClient>();

/**
 * Ends the transaction of withTransaction's `work` by sending `finalStatement` and COMMIT in one
 * message (the simple query protocol, so `finalStatement` takes no parameters: literals must be
 * escaped by the caller). If the statement fails, COMMIT does not run and the error rolls the
 * transaction back as any other would. `work` must run nothing on `tx` afterwards.
 */
export async function commitWith(tx: PoolClient, finalStatement: string): Promise<void> {
  commitSent.add(tx);
  await tx.query(`${finalStatement}; COMMIT`);
  committedEarly.add(tx);
}

/**
 * Sends COMMIT as one more statement of the caller's round trip (see inOneRoundTrip), ending the
 * transaction of withTransaction's `work` without a round trip of its own. When a statement before
 * it failed, the server answers it with a rollback, and that statement's error is what the round
 * trip throws. `work` must run nothing on `tx` afterwards.
 */
export async function commitInRoundTrip(tx: PoolClient): Promise<void> {
  commitSent.add(tx);
  await tx.query('COMMIT');
  committedEarly.add(tx);
}

/**
 * Sends the statements `issue` starts on `client` in one write (it corks pg's socket: see
 * pgSocket), so that in pipeline mode (see createPool) they cost one round trip, and answers
 * their results in the order issued. Waits for all of them and then throws the first failure in
 * that order: in a transaction, the statements after a failed one fail only because of it
 * (25P02). With `untilNextTurn`, the write also takes whatever else is issued on the client
 * before the event loop's next turn (withTransaction's BEGIN then shares the write of the work's
 * first statements).
 */
export async function inOneRoundTrip<const T extends readonly Promise<unknown>[]>(
  client: PoolClient,
  issue: () => T,
  options: { untilNextTurn?: boolean } = {},
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  // Without pg's socket (createPool has logged that once) the statements still go out in order,
  // each in a write of its own.
  const stream = pgSocket(client);
  stream?.cork();
  let issued: T;
  try {
    issued = issue();
  } finally {
    if (options.untilNextTurn) setImmediate(() => stream?.uncork());
    else stream?.uncork();
  }
  const settled = await Promise.allSettled(issued);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { [K in keyof T]: Awaited<T[K]> };
}

/** PostgreSQL unique_violation, for mapping duplicates to 409 conflict. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
