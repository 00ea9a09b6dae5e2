import { AppError, Conflict, type InternalContext, StockCommands } from '@inv/shared';
import type { LocationRow } from '../data/location-repository';
import { deleteLocation } from './delete-location';

const LOCATION_ID = '6f1d3c1e-1111-4a4a-8b8b-000000000001';
const row: LocationRow = {
  id: LOCATION_ID,
  workspace_id: 'ws-1',
  name: 'Van 1',
  type: 'van',
  active: true,
  is_default: false,
  icon: null,
  note: '',
  latitude: null,
  longitude: null,
  geofence_radius_m: null,
  access_level: null,
  created_at: new Date(),
};
const context = {
  workspace: { id: 'ws-1' } as InternalContext['workspace'],
  locationAccess: { restricted: false, locations: [] },
  requestId: 'req-1',
};

/**
 * A runtime whose database holds `row` (gone after the failure when `goneAfterFailure`), fails the
 * soft delete when `failDelete` is set, and whose stock service answers with `closeLocation`.
 */
function fakeRuntime(options: { closeLocation: () => Promise<unknown>; failDelete?: boolean; goneAfterFailure?: boolean }) {
  let failed = false;
  const commands: string[] = [];
  const pool = {
    query: async () => ({ rows: failed && options.goneAfterFailure ? [] : [row] }),
    connect: async () => ({
      query: async (sql: string) => {
        if (sql.startsWith('UPDATE locations SET deleted_at')) {
          if (options.failDelete) {
            failed = true;
            throw new Error('connection lost');
          }
          return { rows: [row] };
        }
        return { rows: [] };
      },
      release: () => undefined,
    }),
  };
  const client = {
    request: async (_service: string, type: string) => {
      commands.push(type);
      return type === StockCommands.closeLocation ? options.closeLocation() : { reopened: true };
    },
  };
  const logger = { error: jest.fn() };
  const runtime = { pool, client, logger, outbox: { kick: () => undefined } } as unknown as Parameters<typeof deleteLocation>[0];
  return { runtime, commands, logger };
}

describe('deleteLocation and the stock service', () => {
  it('when stock closes the location and the local delete commits, then nothing is reopened', async () => {
    const { runtime, commands } = fakeRuntime({ closeLocation: async () => ({ closed: true }) });
    await expect(deleteLocation(runtime, context, LOCATION_ID)).resolves.toEqual({ id: LOCATION_ID });
    expect(commands).toEqual([StockCommands.closeLocation]);
  });

  it('when the local delete fails after stock closed the location, then the location is reopened and the failure reported', async () => {
    const { runtime, commands } = fakeRuntime({ closeLocation: async () => ({ closed: true }), failDelete: true });
    await expect(deleteLocation(runtime, context, LOCATION_ID)).rejects.toThrow('connection lost');
    expect(commands).toEqual([StockCommands.closeLocation, StockCommands.reopenLocation]);
  });

  it('when the local delete fails because a concurrent delete already removed it, then it is not reopened', async () => {
    const { runtime, commands } = fakeRuntime({ closeLocation: async () => ({ closed: true }), failDelete: true, goneAfterFailure: true });
    await expect(deleteLocation(runtime, context, LOCATION_ID)).rejects.toThrow();
    expect(commands).toEqual([StockCommands.closeLocation]);
  });

  it('when stock refuses because the location holds stock, then 409 says so and nothing is reopened', async () => {
    const { runtime, commands } = fakeRuntime({ closeLocation: async () => Promise.reject(new Conflict('on hand 5')) });
    const error = await deleteLocation(runtime, context, LOCATION_ID).catch((e: AppError) => e);
    expect(error).toMatchObject({ code: 'conflict', status: 409 });
    expect((error as AppError).message).toMatch(/"Van 1" still holds on-hand stock.*on hand 5/);
    expect(commands).toEqual([StockCommands.closeLocation]);
  });

  it('when stock does not answer in time, then the location is reopened in case the close did happen', async () => {
    const timeout = new AppError('internal_server_error', 'The stock service did not answer stock.close-location within 5000 ms.');
    const { runtime, commands } = fakeRuntime({ closeLocation: async () => Promise.reject(timeout) });
    await expect(deleteLocation(runtime, context, LOCATION_ID)).rejects.toBe(timeout);
    expect(commands).toEqual([StockCommands.closeLocation, StockCommands.reopenLocation]);
  });

  it('when the location is the default one, then 409 without asking the stock service', async () => {
    const { runtime, commands } = fakeRuntime({ closeLocation: async () => ({ closed: true }) });
    const defaultRow = { ...row, is_default: true };
    (runtime.pool as unknown as { query: () => Promise<unknown> }).query = async () => ({ rows: [defaultRow] });
    await expect(deleteLocation(runtime, context, LOCATION_ID)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/default location/) });
    expect(commands).toEqual([]);
  });
});
