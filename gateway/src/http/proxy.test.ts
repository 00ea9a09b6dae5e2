import { stripSelector } from './proxy';

describe('stripSelector', () => {
  it('when the query names the workspace, then the gateway keeps that to itself and forwards the rest', () => {
    expect(stripSelector('/items?workspaceId=w&sku=a')).toBe('/items?sku=a');
    expect(stripSelector('/items?projectSlug=s')).toBe('/items');
    expect(stripSelector('/items?tagIds=a&tagIds=b&workspaceId=w')).toBe('/items?tagIds=a&tagIds=b');
    expect(stripSelector('/items')).toBe('/items');
  });
});
