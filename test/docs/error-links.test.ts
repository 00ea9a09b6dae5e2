import { request } from '../support/api';
import { newWorkspace } from '../support/fixtures';

describe('error envelopes link to /docs and name the offending input', () => {
  it('when a query, a body field, a header or the workspace selector is wrong, then param names it and doc_url links its code', async () => {
    const ws = await newWorkspace();
    const cases = [
      { why: 'query parameter', res: await ws.owner.get('/items', { query: { pageSize: 0 } }), param: 'pageSize' },
      { why: 'body field', res: await ws.owner.post('/locations', { name: 'Van', latitude: 91 }), param: 'latitude' },
      { why: 'unknown body field', res: await ws.owner.post('/tags', { name: 'x', colour: 'red' }), param: 'colour' },
      { why: 'header', res: await ws.owner.post('/tags', undefined, { rawBody: 'name=x', headers: { 'content-type': 'text/plain' } }), param: 'Content-Type' },
      { why: "the gateway's own selector", res: await request('GET', '/items', { key: ws.ownerKey }), param: 'workspaceId' },
      { why: 'a bulk element', res: await ws.owner.post('/items/bulk', [{ sku: 'OK-1' }, { sku: 'OK-2', cost: -1 }]), param: '[1].cost' },
      { why: 'the Idempotency-Key header', res: await ws.owner.post('/tags', { name: 'x' }, { headers: { 'idempotency-key': 'has space' } }), param: 'Idempotency-Key' },
    ];
    for (const { why, res, param } of cases) {
      expect({ why, status: res.status, error: res.body.error }).toEqual({
        why,
        status: 400,
        error: { code: 'bad_request', message: expect.any(String), param, doc_url: '/docs#section/Errors/bad_request' },
      });
    }
  });

  it('when an error has no single input to blame, then it links its code and has no param', async () => {
    const res = await request('GET', '/no-such-route', {});
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'unauthorized', message: expect.any(String), doc_url: '/docs#section/Errors/unauthorized' });
  });
});
