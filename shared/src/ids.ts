import { randomUUID } from 'node:crypto';
import { z } from './zod';

/**
 * The id of an entity of this API (a workspace's item, location, transfer, …): a UUID, lowercase,
 * as PostgreSQL prints uuids. Parsed and normalised once, where a request or a message enters
 * (parseEntityId, EntityIdSchema); code past the edge compares and stores it as it is.
 */
export type EntityId = string & { readonly __entityId: unique symbol };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new id. */
export function newId(): EntityId {
  return randomUUID() as EntityId;
}

/** Whether `value` is an id at all: lookups answer 404 for ids that cannot exist instead of sending them to PostgreSQL's uuid parser. */
export function isId(value: string): boolean {
  return UUID.test(value);
}

/** The id `value` names, normalised; undefined when it cannot be an id. The one way text becomes an EntityId. */
export function parseEntityId(value: string): EntityId | undefined {
  return UUID.test(value) ? (value.toLowerCase() as EntityId) : undefined;
}

/** An id in a request body, query or message: a malformed one is a 400 naming the field; the rest get it normalised. */
export const EntityIdSchema = z
  .string()
  .refine(isId, { message: 'not a valid id (a UUID)' })
  .transform((value) => value.toLowerCase() as EntityId)
  .meta({ format: 'uuid' });

/** An ID in an answer: every resource ID is a UUID, printed lowercase. */
export const ApiId = z.string().openapi({ format: 'uuid', example: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
/** A timestamp in an answer: ISO 8601, UTC, with milliseconds. */
export const ApiTimestamp = z.string().openapi({ format: 'date-time', example: '2026-01-15T09:30:00.000Z' });
