import { randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Lets lookups answer 404 for ids that cannot exist instead of sending them to PostgreSQL's uuid parser. */
export function isId(value: string): boolean {
  return UUID.test(value);
}
