import { forwardedHeaders, stripSelector } from './proxy';

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
