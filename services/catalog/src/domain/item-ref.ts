import { parseEntityId } from '@inv/shared/core';

/** How a request names one item: by its ID or by the external ID the client gave it. */
export type ItemRef = { id: string } | { externalId: string };

export const EXTERNAL_ID_PREFIX = 'ext_';

/** An item ID, or ext_<externalId>; undefined when the value cannot name any item. */
export function parseItemRef(value: string): ItemRef | undefined {
  if (value.startsWith(EXTERNAL_ID_PREFIX)) {
    const externalId = value.slice(EXTERNAL_ID_PREFIX.length);
    return externalId.length > 0 ? { externalId } : undefined;
  }
  const id = parseEntityId(value);
  return id ? { id } : undefined;
}
