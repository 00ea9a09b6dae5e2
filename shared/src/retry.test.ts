import { createLogger } from './logger';
import { retryUntilSuccess, withTimeout } from './retry';

const logger = createLogger('test', 'silent');

describe('retryUntilSuccess', () => {
  it('when the first attempts fail, then it retries with growing delays and resolves with the first success', async () => {
    const at: number[] = [];
    const result = await retryUntilSuccess(
      'the thing',
      async () => {
        at.push(Date.now());
        if (at.length < 4) throw new Error('not yet');
        return 'up';
      },
      logger,
      { initialDelayMs: 10, maxDelayMs: 40 },
    );
    expect(result).toBe('up');
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(9);
    expect(gaps[1]).toBeGreaterThanOrEqual(19);
    expect(gaps[2]).toBeGreaterThanOrEqual(39);
  });

  it('when the wait is aborted, then it stops with the last error', async () => {
    const controller = new AbortController();
    const attempt = jest.fn(async () => {
      controller.abort();
      throw new Error('still down');
    });
    await expect(retryUntilSuccess('the thing', attempt, logger, { initialDelayMs: 10, signal: controller.signal })).rejects.toThrow('still down');
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});

describe('withTimeout', () => {
  it('when the promise does not settle in time, then it rejects with the message', async () => {
    await expect(withTimeout(new Promise(() => undefined), 10, 'too slow')).rejects.toThrow('too slow');
  });

  it('when the promise settles in time, then its value passes through', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000, 'too slow')).resolves.toBe(7);
  });
});
