import { Broker } from '@inv/shared/messaging';
import { createLogger } from '@inv/shared/observability';
import { request } from '../support/api';
import { eventually, newKey, newWorkspace, unique } from '../support/fixtures';
import { metricsUrl, type ProcessName, scrape, type Scrape } from './scrape';
import { stackBroker } from '../support/bus';
import { WebhookReceiver } from '../support/webhook-receiver';

const SERVICES = ['catalog', 'locations', 'stock', 'notifications'] as const;

/** Scrapes until `moved` holds, so an effect that arrives by message has time to be counted. */
async function scrapeUntil(name: ProcessName, what: string, moved: (now: Scrape) => boolean): Promise<Scrape> {
  return eventually(`${what} on ${name}'s /metrics`, async () => {
    const now = await scrape(name);
    return moved(now) ? now : undefined;
  });
}

describe('metrics on each process\'s internal port', () => {
  it('when any process is scraped, then it answers the Prometheus text format with its pool, and the services with their outbox, dead-letter and consumer series', async () => {
    for (const name of ['gateway', ...SERVICES] as const) {
      const metrics = await scrape(name);
      expect(metrics.contentType).toMatch(/^text\/plain/);
      const pool = name === 'gateway' ? 'identity' : name;
      expect(metrics.value('db_pool_connections', { pool, state: 'total' })).toBeGreaterThanOrEqual(0);
      expect(metrics.value('db_pool_connections', { pool, state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(metrics.value('db_pool_connections', { pool, state: 'waiting' })).toBeGreaterThanOrEqual(0);
    }
    expect((await scrape('gateway')).value('rate_limit_rejections_total')).toBeGreaterThanOrEqual(0);
    expect((await scrape('stock')).value('transfers_created_total')).toBeGreaterThanOrEqual(0);
    for (const name of SERVICES) {
      const metrics = await scrape(name);
      expect(metrics.value('outbox_backlog_messages', { service: name })).toBeGreaterThanOrEqual(0);
      expect(metrics.value('outbox_oldest_unsent_age_seconds', { service: name })).toBeGreaterThanOrEqual(0);
      expect(metrics.value('dlq_depth_messages', { queue: `rpc.${name}.dlq` })).toBeGreaterThanOrEqual(0);
      if (name === 'locations') continue; // it subscribes to no events
      expect(metrics.value('dlq_depth_messages', { queue: `${name}.events.dlq` })).toBeGreaterThanOrEqual(0);
      for (const outcome of ['processed', 'duplicate', 'retried', 'dead_lettered']) {
        expect(metrics.value('consumer_messages_total', { queue: `${name}.events`, outcome })).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('when a webhook is delivered, then the notifications service counts the attempt and the delay, and reports its backlog and disabled endpoints', async () => {
    const ws = await newWorkspace();
    const receiver = await WebhookReceiver.start();
    try {
      const created = await ws.owner.post('/webhooks', { url: receiver.url, events: ['webhook.test'] });
      receiver.secrets = [created.body.secret];
      const before = (await scrape('notifications')).value('webhook_attempts_total', { outcome: 'succeeded' }) ?? 0;
      await ws.owner.post(`/webhooks/${created.body.id}/test`);
      const after = await scrapeUntil('notifications', 'a succeeded attempt', (m) => (m.value('webhook_attempts_total', { outcome: 'succeeded' }) ?? 0) > before);
      expect(after.value('webhook_delivery_delay_seconds_count')).toBeGreaterThan(0);
      expect(after.value('webhook_attempt_duration_seconds_count', { outcome: 'succeeded' })).toBeGreaterThan(0);
      expect(after.value('webhook_backlog_messages')).toBeGreaterThanOrEqual(0);
      expect(after.value('webhook_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(after.value('webhook_disabled_endpoints')).toBeGreaterThanOrEqual(0);
      // No secret in any series.
      expect(JSON.stringify(after.samples)).not.toContain(created.body.secret.slice(6));
    } finally {
      await receiver.close();
    }
  });

  it('when /metrics is asked of the public HTTPS port, then it is not there', async () => {
    const res = await request('GET', '/metrics');
    expect(res.status).not.toBe(200);
    expect(res.text).not.toMatch(/http_server_request_duration_seconds|db_pool_connections/);
    expect(new URL(metricsUrl('gateway')).port).not.toBe(new URL(process.env.TEST_GATEWAY_URL!).port);
  });

  it('when a transfer is created, then request histograms, the transfer counter, the catalog consumer and the gateway request/reply series move', async () => {
    const ws = await newWorkspace({ plan: 'enterprise' });
    const item = await ws.owner.post('/items', { sku: unique('SKU'), quantity: 5, locationId: ws.defaultLocationId });
    expect(item.status).toBe(201);
    const van = await ws.owner.post('/locations', { name: unique('Van'), type: 'van' });
    expect(van.status).toBe(201);
    const before = { gateway: await scrape('gateway'), catalog: await scrape('catalog'), stock: await scrape('stock') };
    const count = (s: Scrape, name: string, labels: Record<string, string>) => s.value(name, labels) ?? 0;
    const transferRequests = { method: 'POST', status: '201' };

    const transfer = await ws.owner.post('/inventory/transfers', { fromLocationId: ws.defaultLocationId, toLocationId: van.body.id, lines: [{ itemId: item.body.id, quantity: 2 }] });
    expect(transfer.status).toBe(201);
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).status).toBe(200);

    const stock = await scrape('stock');
    expect(count(stock, 'transfers_created_total', {})).toBeGreaterThan(count(before.stock, 'transfers_created_total', {}));
    const serviceRoute = { route: '/inventory/transfers', ...transferRequests };
    expect(count(stock, 'http_server_request_duration_seconds_count', serviceRoute)).toBeGreaterThan(count(before.stock, 'http_server_request_duration_seconds_count', serviceRoute));
    expect(stock.value('http_server_request_duration_seconds_bucket', { ...serviceRoute, le: '+Inf' })).toBe(stock.value('http_server_request_duration_seconds_count', serviceRoute));

    const gateway = await scrape('gateway');
    const gatewayRoute = { route: '/inventory/*', ...transferRequests };
    expect(count(gateway, 'http_server_request_duration_seconds_count', gatewayRoute)).toBeGreaterThan(count(before.gateway, 'http_server_request_duration_seconds_count', gatewayRoute));
    const workspaceRoute = { route: '/workspaces/:idOrSlug', method: 'GET', status: '200' };
    expect(count(gateway, 'http_server_request_duration_seconds_count', workspaceRoute)).toBeGreaterThan(count(before.gateway, 'http_server_request_duration_seconds_count', workspaceRoute));
    const usageCalls = { service: 'stock', outcome: 'ok' };
    expect(count(gateway, 'rpc_client_duration_seconds_count', usageCalls)).toBeGreaterThan(count(before.gateway, 'rpc_client_duration_seconds_count', usageCalls));
    expect(gateway.value('rpc_client_timeouts_total', { service: 'stock' })).toBeGreaterThanOrEqual(0);

    const processed = { queue: 'catalog.events', outcome: 'processed' };
    await scrapeUntil('catalog', 'the stock.changed event processed', (now) => count(now, 'consumer_messages_total', processed) > count(before.catalog, 'consumer_messages_total', processed));
  });

  it('when a key exceeds its limit, then the 429 is counted', async () => {
    const ws = await newWorkspace();
    const { client } = await newKey(ws, ws.ownerEmail, { scopes: ['locations.read'], rateLimit: 1 });
    const before = (await scrape('gateway')).value('rate_limit_rejections_total') ?? 0;
    expect((await client.get('/locations')).status).toBe(200);
    expect((await client.get('/locations')).status).toBe(429);
    expect((await scrape('gateway')).value('rate_limit_rejections_total')).toBeGreaterThan(before);
  });

  it('when a malformed event reaches a consumer, then it is counted as dead-lettered and the dead-letter queue depth shows it', async () => {
    const dead = { queue: 'catalog.events', outcome: 'dead_lettered' };
    const before = await scrape('catalog');
    const broker = stackBroker(createLogger('test', 'silent'));
    try {
      await broker.waitForConnect(10_000);
      const channel = broker.channel('raw-publisher', async () => undefined);
      await channel.publish('inventory.events', 'stock.changed', Buffer.from('{not json'), { persistent: true });
      await channel.close();
    } finally {
      await broker.close();
    }
    await scrapeUntil(
      'catalog',
      'the dead letter counted and queued',
      (now) =>
        (now.value('consumer_messages_total', dead) ?? 0) > (before.value('consumer_messages_total', dead) ?? 0) &&
        (now.value('dlq_depth_messages', { queue: 'catalog.events.dlq' }) ?? 0) > (before.value('dlq_depth_messages', { queue: 'catalog.events.dlq' }) ?? 0),
    );
  });
});
