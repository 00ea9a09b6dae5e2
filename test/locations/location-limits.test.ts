import { expectError } from '../support/api';
import { newWorkspace, sql, unique } from '../support/fixtures';

describe('plan location limit', () => {
  it('when the free plan (3 locations, the default included) is full, then create answers 403 exceeded_limit and nothing is made', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).body).toMatchObject({ locationsUsage: 1, locationsLimit: 3 });
    expect((await ws.owner.post('/locations', { name: unique() })).status).toBe(201);
    expect((await ws.owner.post('/locations', { name: unique() })).status).toBe(201);
    const error = expectError(await ws.owner.post('/locations', { name: unique() }), 403, 'exceeded_limit');
    expect(error.message).toMatch(/free plan allows 3 locations/);
    expect((await ws.owner.get('/locations/count')).body).toBe(3);
    expect((await ws.owner.get(`/workspaces/${ws.id}`)).body.locationsUsage).toBe(3);
  });

  it('when the pro plan (10 locations) is full, then the 11th create is refused; updates still work', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const made = [];
    for (let i = 0; i < 9; i++) {
      const res = await ws.owner.post('/locations', { name: unique() });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    expectError(await ws.owner.post('/locations', { name: unique() }), 403, 'exceeded_limit');
    expect((await ws.owner.patch(`/locations/${made[0]}`, { active: false })).status).toBe(200);
    expect((await ws.owner.get('/locations/count')).body).toBe(10);
  });

  it('when twenty creates race one below the limit, then exactly one location is made (three rounds)', async () => {
    for (let round = 0; round < 3; round++) {
      const ws = await newWorkspace({ plan: 'free' });
      expect((await ws.owner.post('/locations', { name: unique() })).status).toBe(201);
      // Open twenty TLS connections first, so the creates below reach the service together.
      await Promise.all(Array.from({ length: 20 }, () => ws.owner.get('/locations/count')));
      const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => ws.owner.post('/locations', { name: `Racer ${i} ${unique()}` })));
      const statuses = results.map((r) => (r.status === 'fulfilled' ? r.value.status : 0));
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      for (const r of results) {
        if (r.status === 'fulfilled' && r.value.status !== 201) expectError(r.value, 403, 'exceeded_limit');
      }
      const rows = await sql('SELECT count(*)::int AS n FROM locations.locations WHERE workspace_id = $1 AND deleted_at IS NULL', [ws.id]);
      expect(rows[0].n).toBe(3);
      expect((await ws.owner.get('/locations/count')).body).toBe(3);
      const events = await sql("SELECT count(*)::int AS n FROM locations.outbox WHERE workspace_id = $1 AND type = 'location.created'", [ws.id]);
      expect(events[0].n).toBe(3);
    }
  });

  it('when two workspaces create at their limits at once, then each gets its own quota', async () => {
    const [a, b] = await Promise.all([newWorkspace({ plan: 'free' }), newWorkspace({ plan: 'free' })]);
    const results = await Promise.all([a, b].flatMap((ws) => Array.from({ length: 4 }, () => ws.owner.post('/locations', { name: unique() }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect([(await a.owner.get('/locations/count')).body, (await b.owner.get('/locations/count')).body]).toEqual([3, 3]);
  });
});
