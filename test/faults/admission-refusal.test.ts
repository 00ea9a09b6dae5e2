import { performance } from 'node:perf_hooks';
import { type ApiResponse, request } from '../support/api';
import { eventually, newWorkspace } from '../support/fixtures';
import { type Stack } from '../support/stack';
import { createItem } from '../stock/stock-fixtures';
import { expectAllAlive, startFaultStack, stopFaultStack, withLogs } from './fault-stack';

/**
 * The gateway's refusal past its capacity (docs/overload.md), with admission control held at one
 * call at a time and that one call hanging (the stock service's PostgreSQL silenced): every other
 * call is refused at once with the documented retryable 429, its Retry-After and the key's
 * rate-limit window as this gateway last counted it, without using one of the key's calls, and
 * nothing it asked for is done.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startFaultStack(['postgres', 'redis'], { ADMISSION_INITIAL_LIMIT: '1', ADMISSION_MIN_LIMIT: '1', ADMISSION_MAX_LIMIT: '1' });
}, 120_000);
afterEach(async () => {
  await stack.restore('postgres');
  await stack.restore('redis');
});
afterAll(() => stopFaultStack(stack));

const REFUSAL = /^The API is past its capacity right now; nothing was changed\. Retry in (\d) s\.$/;

describe('refused past capacity (issue 40)', () => {
  it(
    'when the gateway works on all the calls it admits, then every other call is answered at once with the 429 envelope, its Retry-After and the key window unchanged, and does nothing',
    withLogs(
      () => stack,
      async () => {
        const ws = await newWorkspace();
        const item = await createItem(ws, { quantity: 5 });
        const counted = await ws.owner.get('/items/info', { query: { itemId: item.id } });
        expect(counted.status).toBe(200);
        const remaining = Number(counted.headers['x-ratelimit-remaining']);

        await stack.silence('postgres', ['stock']);
        const hanging = ws.owner.post('/inventory/movements', { type: 'receipt', itemId: item.id, locationId: ws.defaultLocationId, quantity: 1 });
        // Until the gateway works on the hanging call, the probes may be admitted; from then on each is refused.
        const refused: Array<ApiResponse & { tag: string }> = [];
        let admitted = 0;
        const started = performance.now();
        while (refused.length < 5 && performance.now() - started < 5_000) {
          const tag = `t-${refused.length}-${admitted}-${Date.now()}`;
          const res = await request('POST', '/tags', { key: ws.ownerKey, query: { workspaceId: ws.id }, body: { name: tag } });
          if (res.status === 429) refused.push({ ...res, tag });
          else admitted += 1;
        }
        expect(refused).toHaveLength(5);
        for (const res of refused) {
          expect(res.body.error.code).toBe('rate_limit_exceeded');
          expect(res.body.error.doc_url).toBe('/docs#section/Errors/rate_limit_exceeded');
          const seconds = REFUSAL.exec(res.body.error.message)?.[1];
          expect(res.headers['retry-after']).toBe(seconds);
          expect(res.headers['x-request-id']).toEqual(expect.any(String));
          expect(Number(res.headers['x-ratelimit-limit'])).toBeGreaterThan(0);
          expect(Number(res.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
          expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(remaining);
        }

        await stack.restore('postgres', ['stock']);
        await hanging;
        const after = await ws.owner.get('/tags');
        expect(after.status).toBe(200);
        // No refused tag was created, and the refusals used none of the key's calls: the receipt, the
        // probes admitted before it hung and this read did.
        const names = new Set(after.body.map((t: { name: string }) => t.name));
        expect(refused.filter((r) => names.has(r.tag)).map((r) => r.tag)).toEqual([]);
        expect(Number(after.headers['x-ratelimit-remaining'])).toBe(remaining - 1 - admitted - 1);
        expectAllAlive(stack);
      },
    ),
    60_000,
  );

  it(
    'when a caller goes away while its call is being counted, then the call takes no place: the next one is admitted',
    withLogs(
      () => stack,
      async () => {
        const ws = await newWorkspace();
        const item = await createItem(ws, { quantity: 5 });
        const read = () => request('GET', '/items/info', { key: ws.ownerKey, query: { workspaceId: ws.id, itemId: item.id } });
        expect((await read()).status).toBe(200);
        // The rate limit's round trip hangs (Redis silent for the gateway) while the caller gives up.
        await stack.silence('redis', ['gateway']);
        await expect(request('GET', '/items/info', { key: ws.ownerKey, query: { workspaceId: ws.id, itemId: item.id }, timeoutMs: 200 })).rejects.toThrow();
        await stack.restore('redis', ['gateway']);
        // Past the Redis command's timeout the abandoned call went on alone; with one place in all, a
        // place it took and never gave back would refuse every call from now on.
        await eventually('a call admitted again', async () => ((await read()).status === 200 ? true : undefined), 15_000);
      },
    ),
    60_000,
  );
});
