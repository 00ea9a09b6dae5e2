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
