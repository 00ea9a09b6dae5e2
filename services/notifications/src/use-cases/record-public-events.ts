import type { Pool, PoolClient } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';
import { enabledEndpoints } from '../data/endpoint-repository';
import { insertMessages, type NewMessage } from '../data/message-repository';
import { matchesEvent } from '../domain/event-filter';
import { nextAttemptAt } from '../domain/retry-schedule';
import type { PublicEvent } from '../domain/public-event';
import type { PublicEventType } from '../domain/public-event-types';
import type { Notifications } from './notifications';

/**
 * In the consumer's transaction: one webhook message per public event and enabled endpoint of
 * the event's workspace whose `events` match it, due after the schedule's first delay. Two
 * statements for a batch whatever its size. The consumer's inbox (processed_messages) in the
 * same transaction makes a redelivery record nothing twice.
 */
export async function recordPublicEvents(deps: Pick<Notifications, 'delivery'>, events: PublicEvent[], tx: PoolClient): Promise<void> {
  if (events.length === 0) return;
  const endpoints = await enabledEndpoints(tx, [...new Set(events.map((e) => e.workspaceId))]);
  if (endpoints.length === 0) return;
  const rows: NewMessage[] = [];
  for (const event of events) {
    let body: string | undefined;
    for (const endpoint of endpoints) {
      if (endpoint.workspaceId !== event.workspaceId || !matchesEvent(endpoint.events, event.type)) continue;
      body ??= JSON.stringify(event);
      rows.push({ workspaceId: event.workspaceId, endpointId: endpoint.id, eventId: event.id, eventType: event.type, body });
    }
  }
  const now = new Date();
  await insertMessages(tx, rows, now, nextAttemptAt(deps.delivery.schedule, 0, now) ?? now);
}

/**
 * Which messages of a batch some enabled endpoint of their workspace subscribes to (by the public
 * events each makes, `typesOf`), read once for the batch's workspaces. Read when the message is
 * consumed, which is after the transaction that made it committed: an endpoint whose creation was
 * acknowledged before that commit is seen, so it receives every event committed after it.
 */
export async function subscribedMessages(pool: Pool, messages: Envelope<unknown>[], typesOf: (message: Envelope<unknown>) => PublicEventType[]): Promise<boolean[]> {
  const endpoints = await enabledEndpoints(pool, [...new Set(messages.map((m) => m.workspaceId))]);
  return messages.map((message) => {
    const types = typesOf(message);
    return endpoints.some((e) => e.workspaceId === message.workspaceId && types.some((type) => matchesEvent(e.events, type)));
  });
}
