import { DISPLAY_NEEDS, holdsFencedVersion, isFencedPast, servesItemUse, TRANSFER_NEEDS } from './projected-facts';

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

  it('when the changes fenced past an item\'s copy touch only parts a use does not need, then the copy serves that use, and no other', () => {
    const thresholdChanging = { version: 6, fence: 7, fencedParts: ['health'] };
    expect(servesItemUse(thresholdChanging, TRANSFER_NEEDS)).toBe(true);
    expect(servesItemUse(thresholdChanging, DISPLAY_NEEDS)).toBe(true);
    expect(servesItemUse(thresholdChanging, ['identity', 'tracking', 'health'])).toBe(false);
    expect(servesItemUse(thresholdChanging, 'every part')).toBe(false);
    const renaming = { version: 6, fence: 7, fencedParts: ['identity', 'prices'] };
    expect(servesItemUse(renaming, TRANSFER_NEEDS)).toBe(false);
    expect(servesItemUse(renaming, DISPLAY_NEEDS)).toBe(false);
    expect(servesItemUse({ version: 6, fence: 7, fencedParts: ['prices'] }, TRANSFER_NEEDS)).toBe(true);
  });

  it('when a fence named no parts (placed before parts were named), then it holds every use up', () => {
    expect(servesItemUse({ version: 6, fence: 7, fencedParts: null }, TRANSFER_NEEDS)).toBe(false);
    expect(servesItemUse({ version: 6, fence: 7, fencedParts: null }, DISPLAY_NEEDS)).toBe(false);
  });

  it('when the copy holds every fenced version, then it serves every use whatever the parts say', () => {
    expect(servesItemUse({ version: 7, fence: 7, fencedParts: ['identity'] }, 'every part')).toBe(true);
    expect(servesItemUse({ version: 3, fence: null, fencedParts: null }, 'every part')).toBe(true);
  });
});
