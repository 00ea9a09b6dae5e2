import { Writable } from 'node:stream';
import { coalesceWrites, writesCoalesced } from './coalesced-writes';

/** A stream that records each batch its writes reach the sink in. */
function recordingStream() {
  const batches: string[][] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      batches.push([String(chunk)]);
      done();
    },
    writev(chunks, done) {
      batches.push(chunks.map((c) => String(c.chunk)));
      done();
    },
  });
  return { stream, batches };
}

describe('coalesceWrites', () => {
  it('when frames are written in one stretch of code, then they reach the socket in one batch, in order', async () => {
    const { stream, batches } = recordingStream();
    coalesceWrites(stream);
    stream.write('a');
    stream.write('b');
    stream.write('c');
    expect(batches).toEqual([]);
    await new Promise((r) => process.nextTick(r));
    expect(batches).toEqual([['a', 'b', 'c']]);
  });

  it('when writes come in separate stretches, then each stretch is its own batch and a callback still fires', async () => {
    const { stream, batches } = recordingStream();
    coalesceWrites(stream);
    stream.write('a');
    await new Promise((r) => setImmediate(r));
    const written = new Promise((r) => stream.write('b', r));
    await written;
    expect(batches).toEqual([['a'], ['b']]);
  });

  it('when applied twice to one socket, then it wraps the writes once (one cork per stretch, still one batch)', async () => {
    const { stream, batches } = recordingStream();
    expect(writesCoalesced(stream)).toBe(false);
    coalesceWrites(stream);
    coalesceWrites(stream);
    expect(writesCoalesced(stream)).toBe(true);
    stream.write('a');
    stream.write('b');
    await new Promise((r) => process.nextTick(r));
    expect(batches).toEqual([['a', 'b']]);
    expect(stream.writableCorked).toBe(0);
  });
});
