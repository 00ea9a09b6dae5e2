import { latestPerBalance } from './stock-level';

const item = '3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37';
const van = '9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b';
const shelf = 'c4e8a2f1-7b3d-4a9e-8f60-2d5b1e7c9a34';
const level = (locationId: string, version: number, onHand: number) => ({ workspaceId: 'ws', itemId: item, locationId, version, onHand });

describe('latestPerBalance', () => {
  it('when a balance changed several times, in any order, then only its highest version remains, beside the other balances', () => {
    expect(latestPerBalance([level(van, 2, 5), level(shelf, 1, 3), level(van, 4, 1), level(van, 3, 7)])).toEqual([level(van, 4, 1), level(shelf, 1, 3)]);
  });
});
