import { request } from '../support/api';

describe('locations in the public OpenAPI document', () => {
  it('when the document is fetched, then every location route is there with the decisions the spec leaves open', async () => {
    const res = await request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const { paths, components } = res.body;
    expect(Object.keys(paths['/locations']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/locations/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(paths['/locations/count'])).toEqual(['get']);

    const create = paths['/locations'].post;
    expect(create.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/Location');
    expect(create.description).toMatch(/defaultLocationType/);
    expect(components.schemas.CreateLocation).toMatchObject({ required: ['name'], additionalProperties: false });
    expect(components.schemas.UpdateLocation.required ?? []).toEqual([]);
    expect(components.schemas.UpdateLocation.additionalProperties).toBe(false);
    expect(paths['/locations/{id}'].patch.description).toMatch(/empty body/i);
    expect(paths['/locations/{id}'].delete.description).toMatch(/409 conflict/);
    expect(paths['/locations'].get.responses['200'].headers['X-Total-Count']).toBeDefined();
    expect(paths['/locations'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['active', 'type', 'search', 'page', 'pageSize', 'workspaceId']),
    );
    expect(components.schemas.Location.properties.createdAt.description).toMatch(/ISO 8601 UTC/);
    expect(components.schemas.Location.required).toEqual(
      expect.arrayContaining(['id', 'name', 'type', 'active', 'createdAt', 'icon', 'note', 'latitude', 'longitude', 'geofenceRadiusM', 'accessLevel']),
    );
  });
});
