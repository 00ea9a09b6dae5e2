import { CLOCK_MARGIN_MS } from '@inv/shared/core';
import { callerWrites, type KnownWrites } from './write-positions';

describe('callerWrites: what a call must reflect of the writes acknowledged before it', () => {
  const since = 1_000_000;
  const known: KnownWrites = { stock: new Map([['ws', 4]]), ownersOf: 'ws', owners: { catalog: 7, locations: 2 }, since };

  it('when Redis may have lost positions, then a workspace created before it began keeping them carries since, and the owners will be asked', () => {
    expect(callerWrites(known, { id: 'ws', createdAt: since - 5_000 })).toEqual({ stock: 4, catalog: 7, locations: 2, since });
    // Within the clock margin of the start: not known to be after it.
    expect(callerWrites(known, { id: 'ws', createdAt: since + CLOCK_MARGIN_MS - 1 })).toEqual({ stock: 4, catalog: 7, locations: 2, since });
  });

  it('when the workspace was created after Redis began keeping positions, then every change of it was kept and since is left out', () => {
    expect(callerWrites(known, { id: 'ws', createdAt: since + CLOCK_MARGIN_MS })).toEqual({ stock: 4, catalog: 7, locations: 2 });
  });

  it('when the positions were read for another workspace, then the owners are asked (since now) and none of them are passed', () => {
    expect(callerWrites(known, { id: 'other', createdAt: 0 }, since + 60_000)).toEqual({ since: since + 60_000 });
  });

  it('when Redis did not answer, then the call carries unknown', () => {
    expect(callerWrites('unknown', { id: 'ws', createdAt: 0 })).toBe('unknown');
  });
});
