import type { Writable } from 'node:stream';

/** The writes a socket hands the system, each as the bytes it carried. */
export interface WriteLog {
  /** Writes so far: one per `_write` or `_writev` (a corked burst is one `_writev`). */
  readonly count: number;
  all(): string[];
  first(): string;
  /** Everything written, in order. */
  text(): string;
  /** Puts the socket's own `_write` and `_writev` back. */
  stop(): void;
}

type Chunk = Buffer | string;

/**
 * Counts the writes `socket` makes below its `write` (and below any wrapper of `write`, such as
 * coalesceWrites): Node calls a net.Socket's `_write` for one chunk and `_writev` for a corked
 * or queued batch, and each is one system call. Bytes are kept as latin1 text, so SQL and AMQP
 * names can be looked for in them.
 */
export function countWrites(socket: Writable): WriteLog {
  const target = socket as Writable & { _write: Function; _writev?: Function };
  const own = { write: Object.getOwnPropertyDescriptor(target, '_write'), writev: Object.getOwnPropertyDescriptor(target, '_writev') };
  const write = target._write;
  const writev = target._writev;
  const writes: string[] = [];
  const text = (chunks: Chunk[]) => chunks.map((c) => (Buffer.isBuffer(c) ? c.toString('latin1') : String(c))).join('');
  target._write = function (this: Writable, chunk: Chunk, ...rest: unknown[]) {
    writes.push(text([chunk]));
    return write.call(this, chunk, ...rest);
  };
  if (writev) {
    target._writev = function (this: Writable, chunks: Array<{ chunk: Chunk }>, ...rest: unknown[]) {
      writes.push(text(chunks.map((c) => c.chunk)));
      return writev.call(this, chunks, ...rest);
    };
  }
  const restore = (name: '_write' | '_writev', descriptor: PropertyDescriptor | undefined) => {
    if (descriptor) Object.defineProperty(target, name, descriptor);
    else delete (target as unknown as Record<string, unknown>)[name];
  };
  return {
    get count() {
      return writes.length;
    },
    all: () => [...writes],
    first: () => writes[0] ?? '',
    text: () => writes.join(''),
    stop: () => {
      restore('_write', own.write);
      restore('_writev', own.writev);
    },
  };
}

/** True when every one of `parts` occurs in `text`, in that order. */
export function inOrder(text: string, parts: string[]): boolean {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

/**
 * Fails the test, naming the library internal that changed and the code relying on it, unless
 * `holds`.
 */
export function relyOn(holds: boolean, library: string, what: string, reliedOnBy: string): void {
  if (!holds) {
    throw new Error(
      `${library} internal changed: ${what}. Relied on by ${reliedOnBy}. ` +
        'The pinned version was verified against it (docs/dependencies.md): re-verify, adapt that code, or pin back.',
    );
  }
}
