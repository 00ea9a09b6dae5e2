import { type Caller, newId, type RecordOpening } from '@inv/shared/core';
import { type PoolClient } from '@inv/shared/db';

export type OpeningLine = RecordOpening['lines'][number];

export interface StockPort {
  recordOpening(command: RecordOpening): Promise<void>;
  /** Durably asks for the opening to be cancelled (an outbox event); does not wait for the stock service. */
  abandonOpening(operationId: string): Promise<unknown>;
}

/**
 * Runs `work` in the catalog transaction; `work` may ask the stock service once to record the
 * opening lines of the rows it wrote. If anything fails after that request went out (a refusal,
 * a timeout whose late answer we never saw, or our own COMMIT) the opening is abandoned under
 * the same operationId, which the stock service treats as a no-op when it recorded nothing. The
 * abandonment is recorded, not awaited, so a failing request waits out at most one timeout.
 * The transaction must not be retried: its work has a side effect outside it.
 *
 * Throws whatever the transaction throws, after the abandonment was recorded; a failure to
 * record it is reported to `onCancelFailure` and does not mask the original error.
 */
export async function withOpeningStock<T>(
  transaction: (work: (tx: PoolClient) => Promise<T>) => Promise<T>,
  stock: StockPort,
  caller: Caller,
  work: (tx: PoolClient, recordOpening: (lines: OpeningLine[]) => Promise<void>) => Promise<T>,
  onCancelFailure: (err: unknown, operationId: string) => void,
): Promise<T> {
  const operationId = newId();
  let requested = false;
  const recordOpening = async (lines: OpeningLine[]) => {
    if (lines.length === 0) return;
    requested = true;
    await stock.recordOpening({ operationId, caller, lines });
  };
  try {
    return await transaction((tx) => work(tx, recordOpening));
  } catch (err) {
    if (requested) await stock.abandonOpening(operationId).catch((cancelErr: unknown) => onCancelFailure(cancelErr, operationId));
    throw err;
  }
}
