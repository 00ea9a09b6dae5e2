import { routeTemplate } from './http-metrics';

describe('routeTemplate', () => {
  it('when a route matched, then the label is its template under the mount path, never the concrete path', () => {
    expect(routeTemplate({ baseUrl: '', route: { path: '/inventory/transfers/:id' } })).toBe('/inventory/transfers/:id');
    expect(routeTemplate({ baseUrl: '/v1', route: { path: '/items/:id' } })).toBe('/v1/items/:id');
  });

  it('when no route matched, or its path is not a string, then there is no template', () => {
    expect(routeTemplate({ baseUrl: '', route: undefined })).toBeUndefined();
    expect(routeTemplate({ baseUrl: '', route: { path: /^\/items/ } })).toBeUndefined();
  });
});
