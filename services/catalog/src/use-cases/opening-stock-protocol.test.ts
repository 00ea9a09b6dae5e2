import type { Caller } from '@inv/shared/core';
import type { PoolClient } from '@inv/shared/db';
import { type OpeningLine, type StockPort, withOpeningStock } from './opening-stock-protocol';

const tx = {} as PoolClient;
/** The protocol passes the caller on to the stock service without reading it. */
const caller = {} as Caller;
const line: OpeningLine = { item: { id: 'i', sku: 's', description: '', trackStock: true, lowStockThreshold: null }, locationId: 'l', quantity: 1 };

function fakeStock(options: { recordFails?: boolean } = {}) {
  const calls: string[] = [];
  const recorded: string[] = [];
  const port: StockPort = {
    recordOpening: async (command) => {
      calls.push('record');
      recorded.push(command.operationId);
      if (options.recordFails) throw new Error('refused');
    },
    abandonOpening: async (operationId) => {
      calls.push(`cancel:${operationId === recorded[0] ? 'same' : 'other'}`);
    },
  };
  return { port, calls };
}

/** A transaction runner whose COMMIT fails after the work succeeded. */
const failingCommit = async <T>(work: (tx: PoolClient) => Promise<T>): Promise<T> => {
  await work(tx);
  throw new Error('commit failed');
};
const committing = <T>(work: (tx: PoolClient) => Promise<T>): Promise<T> => work(tx);
const noCancelFailure = () => undefined;

describe('withOpeningStock', () => {
  it('when everything commits, then the opening is recorded once and never cancelled', async () => {
    const stock = fakeStock();
    const result = await withOpeningStock(committing, stock.port, caller, async (_tx, record) => (await record([line]), 'done'), noCancelFailure);
    expect(result).toBe('done');
    expect(stock.calls).toEqual(['record']);
  });

  it('when the COMMIT fails after the stock service recorded, then the same operation is cancelled and the error surfaces', async () => {
    const stock = fakeStock();
    await expect(withOpeningStock(failingCommit, stock.port, caller, (_tx, record) => record([line]), noCancelFailure)).rejects.toThrow('commit failed');
    expect(stock.calls).toEqual(['record', 'cancel:same']);
  });

  it('when the stock service refuses or times out, then a cancel follows (a no-op if nothing was recorded) and the refusal surfaces', async () => {
    const stock = fakeStock({ recordFails: true });
    await expect(withOpeningStock(committing, stock.port, caller, (_tx, record) => record([line]), noCancelFailure)).rejects.toThrow('refused');
    expect(stock.calls).toEqual(['record', 'cancel:same']);
  });

  it('when the work fails before asking the stock service, or has no lines, then the stock service hears nothing', async () => {
    const stock = fakeStock();
    await expect(
      withOpeningStock(committing, stock.port, caller, async () => {
        throw new Error('conflict');
      }, noCancelFailure),
    ).rejects.toThrow('conflict');
    await expect(withOpeningStock(failingCommit, stock.port, caller, (_tx, record) => record([]), noCancelFailure)).rejects.toThrow('commit failed');
    expect(stock.calls).toEqual([]);
  });

  it('when the cancellation itself fails, then it is reported and the original error still surfaces', async () => {
    const reported: string[] = [];
    const port: StockPort = {
      recordOpening: async () => undefined,
      abandonOpening: async () => {
        throw new Error('broker down');
      },
    };
    await expect(
      withOpeningStock(failingCommit, port, caller, (_tx, record) => record([line]), (err) => reported.push((err as Error).message)),
    ).rejects.toThrow('commit failed');
    expect(reported).toEqual(['broker down']);
  });
});
