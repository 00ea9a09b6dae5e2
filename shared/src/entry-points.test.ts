import net from 'node:net';

/**
 * The library's entry points (shared/*.ts) can be imported for their types and functions alone:
 * importing them connects nothing, listens on nothing, arms no timer and makes no metrics provider.
 */
const ENTRY_POINTS = ['core', 'config', 'http', 'db', 'messaging', 'observability', 'runtime'];

describe('the shared library entry points', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when every entry point is imported, then nothing is started: no timer, connection, server or metrics provider', () => {
    const started = {
      timers: jest.spyOn(global, 'setTimeout'),
      intervals: jest.spyOn(global, 'setInterval'),
      immediates: jest.spyOn(global, 'setImmediate'),
      connections: jest.spyOn(net.Socket.prototype, 'connect'),
      servers: jest.spyOn(net.Server.prototype, 'listen'),
    };
    let metricsStarted: (() => boolean) | undefined;
    jest.isolateModules(() => {
      for (const entry of ENTRY_POINTS) require(`../${entry}`);
      metricsStarted = (require('./telemetry/metrics') as { metricsStarted: () => boolean }).metricsStarted;
    });
    expect(Object.fromEntries(Object.entries(started).map(([what, spy]) => [what, spy.mock.calls.length]))).toEqual({ timers: 0, intervals: 0, immediates: 0, connections: 0, servers: 0 });
    expect(metricsStarted!()).toBe(false);
  });

  it('when something is measured, then the metrics provider is made then, once', () => {
    jest.isolateModules(() => {
      const metrics = require('./telemetry/metrics') as typeof import('./telemetry/metrics');
      expect(metrics.metricsStarted()).toBe(false);
      metrics.transfersCreated.add(1);
      expect(metrics.metricsStarted()).toBe(true);
      expect(metrics.meter()).toBe(metrics.meter());
    });
  });
});
