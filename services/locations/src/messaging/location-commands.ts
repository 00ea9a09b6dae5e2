import { CreateDefaultLocation, DiscardDefaultLocation, GetLocation, LocationCommands, ResolveLocations, z } from '@inv/shared/core';
import { latestOwnerPosition } from '@inv/shared/messaging';
import { type ServiceRuntime } from '@inv/shared/runtime';
import { committedLocation, countLocations, resolveLocationRefs } from '../data/location-repository';
import { createDefaultLocation } from '../use-cases/create-default-location';
import { discardDefaultLocation } from '../use-cases/discard-default-location';

export function registerLocationCommands(runtime: ServiceRuntime): void {
  runtime.commands
    .handle(LocationCommands.createDefault, CreateDefaultLocation, (_payload, meta) => createDefaultLocation(runtime, meta.workspaceId, meta.requestId))
    .handle(LocationCommands.discardDefault, DiscardDefaultLocation, (_payload, meta) => discardDefaultLocation(runtime, meta.workspaceId, meta.requestId))
    .handle(LocationCommands.get, GetLocation, async ({ locationId }, meta) => (await committedLocation(runtime.pool, meta.workspaceId, locationId)) ?? null)
    .handle(LocationCommands.usage, z.object({}), async (_payload, meta) => ({ locations: await countLocations(runtime.pool, meta.workspaceId) }))
    .handle(LocationCommands.resolve, ResolveLocations, ({ refs }, meta) => resolveLocationRefs(runtime.pool, meta.workspaceId, refs))
    .handle(LocationCommands.position, z.object({}), async (_payload, meta) => ({ position: await latestOwnerPosition(runtime.pool, meta.workspaceId) }));
}
