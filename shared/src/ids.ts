import { createHash, randomFillSync } from 'node:crypto';
import { z } from './zod';

/**
 * The id of an entity of this API (a workspace's item, location, transfer, …): a UUID, lowercase,
 * as PostgreSQL prints uuids. Parsed and normalised once, where a request or a message enters
 * (parseEntityId, EntityIdSchema); code past the edge compares and stores it as it is.
 */
export type EntityId = string & { readonly __entityId: unique symbol };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const random = new Uint8Array(16);
/** Random bytes drawn 256 ids at a time: one call to the CSPRNG per id cost ~3 % of the stock service's CPU on a transfer. */
const pool = new Uint8Array(16 * 256);
let pooled = pool.length;

function nextRandom(): void {
  if (pooled === pool.length) {
    randomFillSync(pool);
    pooled = 0;
  }
  random.set(pool.subarray(pooled, pooled + 16));
  pooled += 16;
}

/** The millisecond and the 12-bit counter of the last id made in this process. */
let last = { ms: 0, counter: 0 };

/**
 * A new id: a UUID version 7 (RFC 9562), whose first 48 bits are the time in milliseconds, the
 * next 12 a counter within the millisecond (RFC 9562 §6.2, method 1) and the other 62 random.
 * Ids made later in a process sort later, also within one millisecond (a batch of messages keeps
 * its order by id), so each table's primary key and the other indexes that hold ids grow at
 * their right edge instead of at random pages. 4096 ids in one millisecond borrow the next one.
 */
export function newId(): EntityId {
  nextRandom();
  let ms = Date.now();
  if (ms <= last.ms) {
    ms = last.ms;
    if (last.counter === 0xfff) ms += 1;
  }
  const counter = ms === last.ms ? last.counter + 1 : random[7]! & 0x7f;
  last = { ms, counter };
  // 48 bits of milliseconds, big-endian (2^48 ms lasts until the year 10889).
  random[0] = Math.floor(ms / 2 ** 40) & 0xff;
  random[1] = Math.floor(ms / 2 ** 32) & 0xff;
  random[2] = (ms >>> 24) & 0xff;
  random[3] = (ms >>> 16) & 0xff;
  random[4] = (ms >>> 8) & 0xff;
  random[5] = ms & 0xff;
  random[6] = 0x70 | (counter >>> 8);
  random[7] = counter & 0xff;
  random[8] = (random[8]! & 0x3f) | 0x80;
  const h = (i: number) => HEX[random[i]!]!;
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}` as EntityId;
}

/**
 * The id a name always gives (a UUID version 8 of the name's SHA-256): for what must be named the
 * same in every run of a job that may run again after a crash (an import's openings of stock), so
 * a later run can name what an earlier one may have left.
 */
export function namedId(name: string): EntityId {
  const b = createHash('sha256').update(name).digest();
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = (i: number) => HEX[b[i]!]!;
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}` as EntityId;
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
  .refine(isId, { message: 'is not a valid id (a UUID)' })
  .transform((value) => value.toLowerCase() as EntityId)
  .meta({ format: 'uuid' });

/** An ID in an answer: every resource ID is a UUID, printed lowercase. */
export const ApiId = z.string().openapi({ format: 'uuid', example: '7c9e6679-7425-40de-944b-e07fc1f90ae7' });
/** A timestamp in an answer: ISO 8601, UTC, with milliseconds. */
export const ApiTimestamp = z.string().openapi({ format: 'date-time', example: '2026-01-15T09:30:00.000Z' });
