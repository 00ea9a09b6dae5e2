import path from 'node:path';
import { newWorkspace } from '../support/fixtures';
import { freePort, spawnProcess, stopProcess, waitUntil } from '../support/stack';

describe('forwarding to a service that cannot be reached', () => {
  it('when the catalog service refuses connections, then the retryable 429 names it at once and the other services still answer', async () => {
    const ws = await newWorkspace();
    const services = JSON.parse(process.env.TEST_SERVICE_URLS!) as Record<string, string>;
    const port = await freePort();
    const nobody = await freePort();
    const child = spawnProcess(
      'gateway',
      {
        LOG_LEVEL: 'warn',
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        AMQP_URL: process.env.TEST_AMQP_URL,
        AMQP_QUEUE_TYPE: process.env.TEST_AMQP_QUEUE_TYPE,
        REDIS_URL: process.env.TEST_REDIS_URL,
        REDIS_PREFIX: process.env.TEST_REDIS_PREFIX,
        INTERNAL_SECRET: process.env.TEST_INTERNAL_SECRET,
        PORT: String(port),
        TRUST_PROXY: 'true',
        CATALOG_URL: `http://127.0.0.1:${nobody}`,
        LOCATIONS_URL: services.locations,
        STOCK_URL: services.stock,
        NOTIFICATIONS_URL: services.notifications,
      },
      path.join(process.env.TEST_WORK_DIR!, `gateway-no-catalog-${port}.log`),
    );
    try {
      await waitUntil('the plain-HTTP gateway', async () => (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined))?.status === 200, 30_000);
      const call = (target: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${port}${target}?workspaceId=${ws.id}`, {
          ...init,
          headers: { authorization: `Bearer ${ws.ownerKey}`, 'x-forwarded-proto': 'https', 'content-type': 'application/json' },
        });
      for (const res of [await call('/items'), await call('/tags', { method: 'POST', body: '{"name":"blue"}' })]) {
        expect({ status: res.status, retryAfter: res.headers.get('retry-after') }).toEqual({ status: 429, retryAfter: '2' });
        expect(await res.json()).toEqual({
          error: {
            code: 'rate_limit_exceeded',
            message: 'The catalog service is unavailable (restarting, failing over or unreachable); nothing was changed. Retry in 2 s.',
            doc_url: '/docs#section/Errors/rate_limit_exceeded',
          },
        });
      }
      expect((await call(`/locations/${ws.defaultLocationId}`)).status).toBe(200);
      expect((await call('/webhooks')).status).toBe(200);
    } finally {
      await stopProcess(child);
    }
  });
});
