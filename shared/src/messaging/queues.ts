/**
 * The names of every queue a service owns, written once: the consumers and command servers
 * declare them, and the admin CLI and the metrics look at them.
 */

/** Where a service listens for commands addressed to it. */
export function commandQueue(service: string): string {
  return `rpc.${service}`;
}

/** Where a service's event consumer receives the domain events it subscribes to. */
export function eventQueue(service: string): string {
  return `${service}.events`;
}

/** Where a queue's messages go when they cannot be processed. */
export function deadLetterQueue(queue: string): string {
  return `${queue}${DEAD_LETTER_SUFFIX}`;
}
export const DEAD_LETTER_SUFFIX = '.dlq';

/** The queue a dead-letter queue serves. */
export function queueOfDeadLetters(deadLetters: string): string {
  return deadLetters.endsWith(DEAD_LETTER_SUFFIX) ? deadLetters.slice(0, -DEAD_LETTER_SUFFIX.length) : deadLetters;
}

/** Both dead-letter queues of a service: its events' and its commands'. */
export function deadLetterQueuesOf(service: string): string[] {
  return [deadLetterQueue(eventQueue(service)), deadLetterQueue(commandQueue(service))];
}

/**
 * How the durable queues are declared. `classic`: single-node queues (RabbitMQ 3's default).
 * `quorum`: replicated Raft queues, what RabbitMQ 4 runs in production now that classic mirrored
 * queues are gone. A quorum queue also counts deliveries: a message handed out `deliveryLimit`
 * times without being settled (a process that crashes on it every time) is dead-lettered instead
 * of looping, and dead-lettering is at-least-once (the broker keeps the message until the
 * dead-letter queue has confirmed it), so nothing is dropped on the way to a `.dlq`.
 * A queue's type cannot change once declared: switching an existing deployment means new queues
 * (a new vhost, or draining and deleting the old ones first; docs/scaling.md).
 */
export type QueuePolicy = { type: 'classic' } | { type: 'quorum'; deliveryLimit: number };

export const CLASSIC_QUEUES: QueuePolicy = { type: 'classic' };

/** The `x-` arguments of a durable queue under `policy`; `deadLettered`: the queue dead-letters (it has a dead-letter exchange). */
export function durableQueueArguments(policy: QueuePolicy, deadLettered: boolean): Record<string, unknown> {
  if (policy.type === 'classic') return {};
  return {
    'x-queue-type': 'quorum',
    'x-delivery-limit': policy.deliveryLimit,
    // At-least-once dead-lettering needs the queue to refuse publishes when full rather than drop its head.
    ...(deadLettered ? { 'x-dead-letter-strategy': 'at-least-once', 'x-overflow': 'reject-publish' } : {}),
  };
}

/** The queue policy a process's configuration names. */
export function queuePolicy(config: { AMQP_QUEUE_TYPE: QueuePolicy['type']; AMQP_DELIVERY_LIMIT: number }): QueuePolicy {
  return config.AMQP_QUEUE_TYPE === 'quorum' ? { type: 'quorum', deliveryLimit: config.AMQP_DELIVERY_LIMIT } : CLASSIC_QUEUES;
}
