import type { PoolClient } from '@inv/shared/db';
import type { Envelope } from '@inv/shared/messaging';
import type { Notifications } from '../use-cases/notifications';
import { recordPublicEvents, subscribedMessages } from '../use-cases/record-public-events';
import { PUBLIC_EVENT_MAPPINGS, publicEventsOf, publicTypesOf } from './public-events';

/**
 * The internal messages the notifications service consumes: the types the public mapping knows,
 * and of those only the workspaces' whose enabled endpoints subscribe to them (its queue,
 * notifications.events, is bound per workspace: use-cases/routes.ts), so RabbitMQ routes the rest
 * past it. A batch costs one read of its workspaces' subscriptions; a message no enabled endpoint
 * subscribes to after all (a binding not yet reconciled, a public type no filter takes) is
 * acknowledged with no write at all, and the rest are applied as one run whatever their types,
 * the delivery worker woken once their transaction commits.
 */
export function subscribeToPublicEvents(deps: Notifications): void {
  const handler = (messages: Envelope<unknown>[], tx: PoolClient) => recordPublicEvents(deps, messages.flatMap(publicEventsOf), tx);
  const options = {
    afterCommit: () => deps.worker.kick(),
    run: 'public events',
    routed: 'bound workspaces' as const,
    worthApplying: (messages: Envelope<unknown>[]) => subscribedMessages(deps.pool, messages, publicTypesOf),
  };
  for (const [type, { schema }] of Object.entries(PUBLIC_EVENT_MAPPINGS)) deps.events.onMany(type, schema, handler, options);
}
