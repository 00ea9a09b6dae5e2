import { Housekeeping } from './housekeeping';
import type { Logger } from './logger';

function fakeLogger() {
  return { info: jest.fn(), debug: jest.fn(), warn: jest.fn() };
}

/** A job whose runs the test finishes by hand; records when each started. */
function manualJob() {
  const starts: number[] = [];
  const finishers: Array<() => void> = [];
  const run = jest.fn(() => {
    starts.push(Date.now());
    return new Promise<Record<string, number>>((resolve) => finishers.push(() => resolve({ purged: 0 })));
  });
  return { run, starts, finishNext: () => finishers.shift()!() };
}

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
  jest.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Housekeeping', () => {
  it('when started, then a job runs soon after start and then once every interval', async () => {
    const runs: number[] = [];
    const housekeeping = new Housekeeping(fakeLogger() as unknown as Logger).every('count', 60_000, async () => {
      runs.push(Date.now());
      return { purged: 0 };
    });
    housekeeping.start();
    await jest.advanceTimersByTimeAsync(200_000);
    await housekeeping.stop();
    // First run half-way through the 30 s window (Math.random is 0.5), then every 60 s after the previous run.
    expect(runs).toEqual([15_000, 75_000, 135_000, 195_000]);
  });

  it('when a run outlasts the interval, then the next run waits for it to end', async () => {
    const job = manualJob();
    const housekeeping = new Housekeeping(fakeLogger() as unknown as Logger).every('slow', 1_000, job.run);
    housekeeping.start();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(job.run).toHaveBeenCalledTimes(1);
    job.finishNext();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(job.run).toHaveBeenCalledTimes(2);
    expect(job.starts).toEqual([500, 11_000]);
    job.finishNext();
    await housekeeping.stop();
  });

  it('when a run fails, then a warning names the job and the next run still comes', async () => {
    const logger = fakeLogger();
    let calls = 0;
    const housekeeping = new Housekeeping(logger as unknown as Logger).every('flaky', 1_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database unreachable');
      return { purged: 3 };
    });
    housekeeping.start();
    await jest.advanceTimersByTimeAsync(1_600);
    await housekeeping.stop();
    expect(logger.warn).toHaveBeenCalledWith({ job: 'flaky', err: 'database unreachable' }, 'housekeeping: flaky failed; the next run retries');
    expect(logger.info).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky', purged: 3 }), 'housekeeping: flaky');
  });

  it('when a run did nothing, then it is logged at debug level only', async () => {
    const logger = fakeLogger();
    const housekeeping = new Housekeeping(logger as unknown as Logger).every('idle', 1_000, async () => ({ purged: 0 }));
    housekeeping.start();
    await jest.advanceTimersByTimeAsync(600);
    await housekeeping.stop();
    expect(logger.debug).toHaveBeenCalledWith(expect.objectContaining({ job: 'idle', purged: 0 }), 'housekeeping: idle');
    expect(logger.info).not.toHaveBeenCalled();
  });

  it('when stopped during a run, then stop waits for the run to end and nothing runs afterwards', async () => {
    const job = manualJob();
    const housekeeping = new Housekeeping(fakeLogger() as unknown as Logger).every('slow', 1_000, job.run);
    housekeeping.start();
    await jest.advanceTimersByTimeAsync(500);
    let stopped = false;
    const stopping = housekeeping.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    job.finishNext();
    await stopping;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(job.run).toHaveBeenCalledTimes(1);
  });

  it('when a job name is registered twice, then that is refused', () => {
    const housekeeping = new Housekeeping(fakeLogger() as unknown as Logger).every('purge', 1_000, async () => ({}));
    expect(() => housekeeping.every('purge', 1_000, async () => ({}))).toThrow(/registered twice/);
  });
});
