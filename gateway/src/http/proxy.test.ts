import { forwardedHeaders, forwardedRoute, safeToRepeat, stripSelector } from './proxy';

describe('stripSelector', () => {
  it('when the query names the workspace, then the gateway keeps that to itself and forwards the rest', () => {
    expect(stripSelector('/items?workspaceId=w&sku=a')).toBe('/items?sku=a');
    expect(stripSelector('/items?projectSlug=s')).toBe('/items');
    expect(stripSelector('/items?tagIds=a&tagIds=b&workspaceId=w')).toBe('/items?tagIds=a&tagIds=b');
    expect(stripSelector('/items')).toBe('/items');
  });
});

describe('forwardedHeaders', () => {
  it('when a call is forwarded, then the caller’s credentials and the framing of the body already read stay at the gateway', () => {
    const headers = forwardedHeaders({
      authorization: 'Bearer sk_x',
      cookie: 'a=b',
      host: 'api.example.test',
      connection: 'keep-alive',
      expect: '100-continue',
      'transfer-encoding': 'chunked',
      'content-length': '12',
      'content-encoding': 'identity',
      'content-type': 'APPLICATION/JSON',
      'idempotency-key': 'k-1',
      accept: 'application/json',
    });
    expect(headers).toEqual({ 'content-type': 'APPLICATION/JSON', 'idempotency-key': 'k-1', accept: 'application/json' });
  });
});

describe('forwardedRoute', () => {
  it('when a path belongs to a service, then its metrics label is the service prefix, whatever the ids in it', () => {
    expect(forwardedRoute('/items')).toBe('/items/*');
    expect(forwardedRoute('/items/6cf7c50b-956c-442d-9529-137d72a9ce9d')).toBe('/items/*');
    expect(forwardedRoute('/inventory/transfers')).toBe('/inventory/*');
  });

  it('when it belongs to none, then it has no label of its own (a prefix must match whole segments)', () => {
    expect(forwardedRoute('/itemsx')).toBeUndefined();
    expect(forwardedRoute('/wp-admin/setup.php')).toBeUndefined();
  });
});

describe('safeToRepeat', () => {
  it('when a replica died with a request, then only reads, PUTs and POSTs carrying an Idempotency-Key are sent again', () => {
    expect(safeToRepeat('GET', {})).toBe(true);
    expect(safeToRepeat('PUT', {})).toBe(true);
    expect(safeToRepeat('HEAD', {})).toBe(true);
    expect(safeToRepeat('POST', { 'idempotency-key': 'k-1' })).toBe(true);
    expect(safeToRepeat('PATCH', { 'idempotency-key': 'k-1' })).toBe(false);
    expect(safeToRepeat('POST', {})).toBe(false);
    expect(safeToRepeat('DELETE', {})).toBe(false);
    expect(safeToRepeat('PATCH', {})).toBe(false);
  });
});
