import type { Envelope } from '@inv/shared/messaging';
import type { ApiResponse } from '../support/api';
import { newWorkspace, eventually, sql, unique, type TestWorkspace } from '../support/fixtures';
import { listenToEvents } from '../support/bus';

let bus: Awaited<ReturnType<typeof listenToEvents>>;
beforeAll(async () => {
  bus = await listenToEvents('location.*');
});
afterAll(() => bus.close());

/** The location events of one workspace that reached the broker, in publication order. */
function received(ws: TestWorkspace, locationId: string): Envelope<any>[] {
  return bus.messages.filter((m) => m.workspaceId === ws.id && (m.payload as { id: string }).id === locationId);
}

async function outboxRows(ws: TestWorkspace, locationId: string) {
  return sql<{ type: string; payload: any; request_id: string | null; sent: boolean }>(
    `SELECT type, message->'payload' AS payload, message->>'requestId' AS request_id, sent_at IS NOT NULL AS sent
       FROM locations.outbox WHERE workspace_id = $1 AND message->'payload'->>'id' = $2 ORDER BY seq`,
    [ws.id, locationId],
  );
}

describe('location events', () => {
  it('when a location is created and changed, then location.created and one location.updated per change reach the broker with the snapshot and the location as GET answers it', async () => {
    const ws = await newWorkspace({ plan: 'pro' });
    const name = unique('Evented');
    const created = await ws.owner.post('/locations', { name, type: 'van', latitude: 48.2, geofenceRadiusM: 100 });
    const id = created.body.id as string;
    const answered: unknown[] = [];
    /** The write's answer, checked against GET right after it: the representation its event must carry. */
    const write = async (res: ApiResponse): Promise<ApiResponse> => {
      const got = await ws.owner.get(`/locations/${id}`);
      expect(got.body).toEqual(res.body);
      answered.push(got.body);
      return res;
    };
    await write(created);
    const renamed = await write(await ws.owner.patch(`/locations/${id}`, { name: `${name} 2` }));
    const noted = await write(await ws.owner.patch(`/locations/${id}`, { note: 'only the note', icon: 'garage' }));
    const off = await write(await ws.owner.patch(`/locations/${id}`, { active: false }));
    const on = await write(await ws.owner.patch(`/locations/${id}`, { active: true }));
    const snapshot = { id, name, type: 'van', active: true, isDefault: false, replenishFrom: null };
    const version = expect.any(Number);

    const messages = await eventually('five location events on the bus', async () => {
      const got = received(ws, id);
      return got.length >= 5 ? got : undefined;
    });
    const position = expect.any(Number);
    expect(messages.map((m) => [m.type, m.payload])).toEqual([
      ['location.created', { ...snapshot, version, position, resource: answered[0] }],
      ['location.updated', { ...snapshot, name: `${name} 2`, version, position, resource: answered[1] }],
      ['location.updated', { ...snapshot, name: `${name} 2`, version, position, resource: answered[2] }],
      ['location.updated', { ...snapshot, name: `${name} 2`, active: false, version, position, resource: answered[3] }],
      ['location.updated', { ...snapshot, name: `${name} 2`, active: true, version, position, resource: answered[4] }],
    ]);
    // Every change takes the workspace's next owner position, in commit order with no gaps (docs/consistency.md).
    const positions = messages.map((m) => (m.payload as { position: number }).position);
    expect(positions).toEqual(positions.map((_, i) => positions[0]! + i));
    // Every write takes a new version from one sequence: they only grow.
    const versions = messages.map((m) => (m.payload as { version: number }).version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    expect(messages.map((m) => m.requestId)).toEqual([created, renamed, noted, off, on].map((r) => r.headers['x-request-id']));
    const rows = await eventually('the outbox rows to be marked sent', async () => {
      const r = await outboxRows(ws, id);
      return r.length === 5 && r.every((row) => row.sent) ? r : undefined;
    });
    expect(rows.map((r) => r.type)).toEqual(['location.created', 'location.updated', 'location.updated', 'location.updated', 'location.updated']);
  });

  it('when a workspace is created, then its default location\'s location.created carries the location as GET answers it', async () => {
    const ws = await newWorkspace();
    const got = await ws.owner.get(`/locations/${ws.defaultLocationId}`);
    expect(got.status).toBe(200);
    const [message] = await eventually('the default location\'s location.created', async () => {
      const found = received(ws, ws.defaultLocationId);
      return found.length > 0 ? found : undefined;
    });
    expect(message).toMatchObject({ type: 'location.created', payload: { id: ws.defaultLocationId, isDefault: true, resource: got.body } });
  });

  it('when an update changes nothing or a write is refused, then no event is recorded', async () => {
    const ws = await newWorkspace({ plan: 'free' });
    const created = await ws.owner.post('/locations', { name: unique('Quiet'), note: 'same', latitude: 1 });
    const id = created.body.id as string;
    expect((await ws.owner.patch(`/locations/${id}`, {})).status).toBe(200);
    expect((await ws.owner.patch(`/locations/${id}`, { note: 'same', latitude: 1, active: true, name: created.body.name })).status).toBe(200);
    expect((await ws.owner.patch(`/locations/${id}`, { latitude: 100 })).status).toBe(400);
    expect((await ws.owner.post('/locations', { name: created.body.name })).status).toBe(409);
    expect((await ws.owner.post('/locations', { name: unique() })).status).toBe(201);
    expect((await ws.owner.post('/locations', { name: unique() })).status).toBe(403);
    expect((await ws.owner.patch(`/locations/${id}`, { note: 'changed' })).status).toBe(200);
    const types = await sql<{ type: string }>('SELECT type FROM locations.outbox WHERE workspace_id = $1 ORDER BY seq', [ws.id]);
    // The default location's creation, ours, the second location's, then the one real change.
    expect(types.map((t) => t.type)).toEqual(['location.created', 'location.created', 'location.created', 'location.updated']);
  });
});
