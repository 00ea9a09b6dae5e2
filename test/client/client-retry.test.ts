import { createInventoryClient } from '@inv/client';
import { gatewayUrl } from '../support/api';
import { newWorkspace } from '../support/fixtures';
import { createItem, createLocation, onHand, receive } from '../stock/stock-fixtures';
import { fetchTrustingTestCa } from './tls-fetch';

/** The API's retryable refusal, as the gateway answers it past its capacity. */
function overloaded(): Response {
  return new Response(JSON.stringify({ error: { code: 'rate_limit_exceeded', message: 'The API is past its capacity right now; nothing was changed.', doc_url: '/docs#section/Errors/rate_limit_exceeded' } }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
  });
}

/**
 * The stack's fetch, behind which the first `refusals` tries of each call are refused (429) or,
 * with `lost`, reach the API and then lose their answer (the client sees the refusal instead).
 * Records every request sent.
 */
function flakyFetch(refusals: number, options: { lost?: boolean } = {}) {
  const real = fetchTrustingTestCa();
  const sent: { method: string; url: string; key: string | null }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    sent.push({ method: request.method, url: request.url, key: request.headers.get('Idempotency-Key') });
    const tries = sent.filter((s) => s.method === request.method && s.url === request.url).length;
    if (tries > refusals) return real(request);
    if (options.lost) await (await real(request)).arrayBuffer();
    return overloaded();
  };
  return { fetch, sent };
}

describe('the typed client retries the retryable refusal (429 with Retry-After)', () => {
  it('when a POST that takes an Idempotency-Key is refused and its answer lost, then the client adds a key, sends it again with the same key after Retry-After, and it takes effect once', async () => {
    const ws = await newWorkspace();
    const [from, to] = [await createLocation(ws), await createLocation(ws)];
    const item = await createItem(ws);
    await receive(ws.owner, item.id, from.id, 10);
    const flaky = flakyFetch(2, { lost: true });
    const api = createInventoryClient({ baseUrl: gatewayUrl(), apiKey: ws.ownerKey, workspaceId: ws.id, fetch: flaky.fetch, retry: { jitterMs: 0 } });

    const started = Date.now();
    const { data, response } = await api.POST('/inventory/transfers', { body: { fromLocationId: from.id, toLocationId: to.id, lines: [{ itemId: item.id, quantity: 4 }] } });

    expect(response.status).toBe(201);
    expect(response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(data?.status).toBe('completed');
    expect(flaky.sent).toHaveLength(3);
    expect(flaky.sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(flaky.sent.map((s) => s.key)).size).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(await onHand(ws.owner, item.id, to.id)).toBe(4);
    expect(await onHand(ws.owner, item.id, from.id)).toBe(6);
  });

  it('when refusals outlast its attempts, then the last 429 is the answer', async () => {
    const ws = await newWorkspace();
    const flaky = flakyFetch(10);
    const api = createInventoryClient({ baseUrl: gatewayUrl(), apiKey: ws.ownerKey, workspaceId: ws.id, fetch: flaky.fetch, retry: { attempts: 2, jitterMs: 0 } });

    const { error, response } = await api.GET('/locations');

    expect(response.status).toBe(429);
    expect(error).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    expect(flaky.sent).toHaveLength(2);
  });

  it('when a POST that takes no Idempotency-Key (a webhook endpoint, whose answer holds a secret) is refused, then it is not sent again', async () => {
    const ws = await newWorkspace();
    const flaky = flakyFetch(1);
    const api = createInventoryClient({ baseUrl: gatewayUrl(), apiKey: ws.ownerKey, workspaceId: ws.id, fetch: flaky.fetch, retry: { jitterMs: 0 } });

    const { response } = await api.POST('/webhooks', { body: { url: 'https://hooks.example.test/inventory', events: [] } });

    expect(response.status).toBe(429);
    expect(flaky.sent).toEqual([expect.objectContaining({ method: 'POST', key: null })]);
  });
});
