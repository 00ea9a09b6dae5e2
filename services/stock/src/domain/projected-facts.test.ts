import { holdsFencedVersion, isFencedPast } from './projected-facts';

describe('fenced copies of other services\' entities', () => {
  it('when no owner has fenced the copy, then it is trusted whatever version it holds', () => {
    expect(holdsFencedVersion({ version: 0, fence: null })).toBe(true);
    expect(holdsFencedVersion({ version: 7, fence: null })).toBe(true);
  });

  it('when the copy holds the fenced version or a later one, then it is trusted', () => {
    expect(holdsFencedVersion({ version: 7, fence: 7 })).toBe(true);
    expect(holdsFencedVersion({ version: 9, fence: 7 })).toBe(true);
  });

  it('when an owner fenced a version the copy does not hold yet, then it is not trusted', () => {
    expect(holdsFencedVersion({ version: 6, fence: 7 })).toBe(false);
    expect(isFencedPast({ version: 6, fence: 7 })).toBe(true);
    expect(isFencedPast({ version: 7, fence: 7 })).toBe(false);
  });
});
