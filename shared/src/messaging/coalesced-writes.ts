import type { Writable } from 'node:stream';

/**
 * Makes the writes one synchronous stretch of code issues to `socket` leave in one system call.
 * amqplib writes every frame (each publish, each ack) to its socket on its own; where a write is
 * a costly system call, a burst of confirms-awaited publishes or acks then costs one call per
 * frame. Corked until the current stretch ends (process.nextTick), the burst goes out as one
 * writev; the order of the bytes is unchanged and nothing waits longer than that stretch.
 */
export function coalesceWrites(socket: Writable): void {
  if (coalescing.has(socket)) return;
  coalescing.add(socket);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  socket.write = ((...args: unknown[]) => {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(() => {
        corked = false;
        socket.uncork();
      });
    }
    return write(...args);
  }) as Writable['write'];
}

const coalescing = new WeakSet<Writable>();

/** True once coalesceWrites has wrapped `socket`'s writes. */
export function writesCoalesced(socket: Writable): boolean {
  return coalescing.has(socket);
}
