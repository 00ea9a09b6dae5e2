import { z } from 'zod';
import { Actor } from '../caller';
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
  /**
   * Who caused the message: the API key and its user whose request recorded it, passed on by the
   * consumers whose handlers record events of their own; null for work no caller asked for (a
   * sweeper healing an interrupted operation). Absent in messages recorded before it existed.
   */
  actor: Actor.nullable().optional(),
  /**
   * W3C trace context (traceparent, tracestate) of the request that recorded an outbox event,
   * kept so that the relay's later publish joins that request's trace. Consumers read the trace
   * context from the AMQP headers instead, which name the publish itself.
   */
  traceContext: z.record(z.string(), z.string()).optional(),
  /**
   * Commands only: epoch ms when the caller stops waiting for the reply (its request's deadline,
   * shared/src/deadline.ts); null or absent for a caller outside a request. A command past it is
   * not run.
   */
  deadline: z.number().int().positive().nullable().optional(),
});
export type Envelope<P = unknown> = Omit<z.infer<typeof Envelope>, 'payload'> & { payload: P };

/** An envelope's fields but its payload: what a publish needs besides the encoded message. */
export type EnvelopeHead = Omit<Envelope, 'payload'>;

export function envelope<P>(type: string, workspaceId: string, payload: P, requestId: string | null, actor: Actor | null = null): Envelope<P> {
  return { id: newId(), type, workspaceId, occurredAt: new Date().toISOString(), requestId, actor, payload };
}
