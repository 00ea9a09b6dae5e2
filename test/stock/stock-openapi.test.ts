import { request } from '../support/api';

describe('stock in the public OpenAPI document', () => {
  it('when the document is fetched, then every stock route is there with the decisions the spec leaves open', async () => {
    const res = await request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const { paths, components } = res.body;
    expect(Object.keys(paths['/inventory/transfers']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/inventory/transfers/{id}'])).toEqual(['get']);
    for (const action of ['complete', 'reject', 'cancel', 'revert']) {
      const route = paths[`/inventory/transfers/{id}/${action}`];
      expect(Object.keys(route)).toEqual(['post']);
      expect(route.post.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'Idempotency-Key']));
      expect(route.post.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/Transfer');
      expect(route.post.responses['409']).toBeDefined();
    }
    expect(components.schemas.SettleTransfer.properties.reason).toMatchObject({ maxLength: 500 });
    expect(Object.keys(paths['/inventory/movements']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/inventory/balances'])).toEqual(['get']);

    const create = paths['/inventory/transfers'].post;
    expect(create.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/Transfer');
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    // fromLocationId defaults to the workspace's defaultTransferFromLocationId (issue 36).
    expect(components.schemas.CreateTransfer).toMatchObject({ required: ['toLocationId', 'lines'], additionalProperties: false });
    expect(components.schemas.CreateTransfer.properties.fromLocationId.description).toContain('defaultTransferFromLocationId');
    expect(components.schemas.CreateTransfer.properties.lines).toMatchObject({ minItems: 1, maxItems: 500 });
    expect(components.schemas.CreateTransfer.properties.status.enum).toEqual(['pending', 'completed']);
    expect(components.schemas.Transfer.properties.status.enum).toEqual(['pending', 'completed', 'reverted', 'rejected', 'cancelled']);
    // Who acted and when, for the creation and each status after pending: always present, null until it happened.
    const stamps = ['completed', 'rejected', 'cancelled', 'reverted'].flatMap((status) => [`${status}At`, `${status}By`]);
    expect(components.schemas.Transfer.required).toEqual(expect.arrayContaining(['createdAt', 'createdBy', ...stamps]));
    for (const field of ['createdBy', ...stamps.filter((f) => f.endsWith('By'))]) {
      expect(components.schemas.Transfer.properties[field].anyOf).toEqual([{ $ref: '#/components/schemas/Actor' }, { type: 'null' }]);
    }
    for (const field of stamps.filter((f) => f.endsWith('At'))) expect(components.schemas.Transfer.properties[field]).toMatchObject({ type: ['string', 'null'], format: 'date-time' });
    expect(components.schemas.Actor).toMatchObject({ type: 'object', required: ['userId', 'keyId'] });
    const list = paths['/inventory/transfers'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['status', 'interval', 'sortBy', 'sortOrder', 'page', 'pageSize']));
    const interval = list.parameters.find((p: { name: string }) => p.name === 'interval');
    expect(interval.schema.enum).toHaveLength(21);
    expect(interval.schema.default).toBe('all');
    expect(list.responses['200'].headers['X-Total-Count']).toBeDefined();
    expect(components.schemas.StockMovement.required).toEqual(
      expect.arrayContaining(['id', 'itemId', 'locationId', 'item', 'location', 'type', 'quantity', 'balanceAfter', 'userId', 'transferId', 'reason', 'reference', 'note', 'createdAt']),
    );
    expect(components.schemas.StockMovement.properties.reason.enum).toEqual(expect.arrayContaining(['received', 'returned', 'damaged', 'lost', 'stolen', 'expired', 'count', 'correction', 'other']));
    expect(components.schemas.StockBalance.required).toEqual(['itemId', 'locationId', 'item', 'location', 'onHand', 'reserved', 'available', 'onOrder', 'averageCost', 'updatedAt']);
    const movementsList = paths['/inventory/movements'].get;
    expect(movementsList.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['reason', 'jobId']));
  });

  it('when the document is fetched, then every job route is there, each POST idempotent, with the Job and its statuses', async () => {
    const { paths, components } = (await request('GET', '/openapi.json')).body;
    expect(Object.keys(paths['/jobs']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/jobs/{id}']).sort()).toEqual(['get', 'patch']);
    expect(paths['/jobs'].post.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/Job');
    for (const action of ['reserve', 'release', 'complete', 'cancel', 'revert']) {
      const route = paths[`/jobs/{id}/${action}`];
      expect(Object.keys(route)).toEqual(['post']);
      expect(route.post.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'Idempotency-Key']));
      expect(route.post.responses['409']).toBeDefined();
    }
    expect(paths['/jobs'].post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(paths['/jobs/{id}/reserve'].post.parameters.map((p: { name: string }) => p.name)).toContain('partial');
    expect(paths['/jobs/{id}/reserve'].post.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/JobReservation');
    expect(components.schemas.Job.properties.status.enum).toEqual(['open', 'completed', 'cancelled', 'reverted']);
    expect(components.schemas.Job.required).toEqual(expect.arrayContaining(['totals', 'lines', 'createdBy', 'updatedBy', 'completedAt', 'cancelledAt', 'revertedAt']));
    expect(components.schemas.CreateJob.required).toEqual(['name']);
    expect(paths['/workspaces/{idOrSlug}'].patch.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/UpdateWorkspace');
    expect(Object.keys(components.schemas.UpdateWorkspace.properties).sort()).toEqual(
      ['defaultCurrency', 'defaultInvoiceSourceLocationId', 'defaultMarkupPercent', 'defaultTaxIncluded', 'defaultTaxPercent', 'defaultTransferFromLocationId'].sort(),
    );
  });
});
