import { request } from '../support/api';
import { conformanceChecker } from '../support/openapi-conformance';

const RATE_LIMIT_HEADERS = ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

describe('discovery: what a browser or a first curl at the API finds without a key', () => {
  it('when GET / is called without a key, then it answers where to read on (/docs, /openapi.json, how to get a key), as documented, with the headers of every answer', async () => {
    const res = await request('GET', '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      name: 'Inventory Management API',
      version: '0.0.1',
      docs: '/docs',
      openapi: '/openapi.json',
      authentication: expect.stringContaining('workspace:create'),
    });
    for (const header of RATE_LIMIT_HEADERS) expect([header, res.headers[header]]).toEqual([header, expect.any(String)]);
    const document = (await request('GET', '/openapi.json')).body;
    expect(document.paths['/'].get.security).toEqual([]);
    expect(conformanceChecker(document)('GET', '/', res)).toEqual([]);
    // What it points to answers without a key too.
    expect((await request('GET', res.body.docs)).status).toBe(200);
    expect((await request('GET', res.body.openapi)).status).toBe(200);
  });

  it('when GET / carries a key, even a wrong one, then it still answers: the key is not read there', async () => {
    expect((await request('GET', '/', { key: 'sk_wrongkey123' })).status).toBe(200);
  });

  it('when a browser asks for /favicon.ico, then it gets an empty 204 it may cache, not a 401', async () => {
    const res = await request('GET', '/favicon.ico');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    for (const header of RATE_LIMIT_HEADERS) expect([header, res.headers[header]]).toEqual([header, expect.any(String)]);
  });

  it('when another path is called without a key, then it is still a 401 (only the root, the document, the reference and the icon are public)', async () => {
    expect((await request('GET', '/items')).status).toBe(401);
    expect((await request('POST', '/')).status).toBe(404);
  });
});
