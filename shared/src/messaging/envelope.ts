import { z } from 'zod';
import { newId } from '../ids';

/** What every message on the bus carries, events and commands alike. */
export const Envelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  workspaceId: z.string().min(1),
  occurredAt: z.string().datetime(),
  /** X-Request-Id of the HTTP call that caused the message, for tracing across services. */
  requestId: z.string().nullable(),
  payload: z.unknown(),
});
export type Envelope<P = unknown> = Omit<z.infer<typeof Envelope>, 'payload'> & { payload: P };

export function envelope<P>(type: string, workspaceId: string, payload: P, requestId: string | null): Envelope<P> {
  return { id: newId(), type, workspaceId, occurredAt: new Date().toISOString(), requestId, payload };
}
