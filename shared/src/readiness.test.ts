import { checkReadiness, readinessResponse } from './readiness';

describe('checkReadiness', () => {
  it('when every dependency answers, then ready and 200', async () => {
    const readiness = await checkReadiness([{ name: 'postgresql', check: async () => 1 }]);
    expect(readiness).toEqual({ ready: true, failing: [], degraded: [] });
    expect(readinessResponse(readiness)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('when a dependency is silent, then the answer still comes within the bound and names it', async () => {
    const started = Date.now();
    const readiness = await checkReadiness(
      [
        { name: 'postgresql', check: () => new Promise(() => undefined) },
        { name: 'rabbitmq', check: async () => undefined },
      ],
      50,
    );
    expect(Date.now() - started).toBeLessThan(500);
    expect(readinessResponse(readiness)).toEqual({ status: 503, body: { status: 'not ready', failing: ['postgresql'] } });
  });

  it('when only an optional dependency fails, then still ready, reported as degraded', async () => {
    const readiness = await checkReadiness([
      { name: 'postgresql', check: async () => 1 },
      { name: 'redis', check: async () => Promise.reject(new Error('down')), optional: true },
    ]);
    expect(readinessResponse(readiness)).toEqual({ status: 200, body: { status: 'ready', degraded: ['redis'] } });
  });
});
