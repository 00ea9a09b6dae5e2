import { resolveTagSelection, tagSelection } from './tag-selection';

describe('tagSelection', () => {
  it('when no tag field is given, then there is no selection (tags stay as they are)', () => {
    expect(tagSelection({})).toBeUndefined();
  });

  it('when tagIds is empty, then the selection is empty (tags are cleared)', () => {
    expect(tagSelection({ tagIds: [] })).toEqual({ ids: [], names: [] });
  });

  it('when the three fields overlap, then ids come tagId first, without repeats; names lowercased and trimmed', () => {
    expect(tagSelection({ tagId: 'b', tagIds: ['a', 'b'], tagNames: [' Red', 'RED', 'blue'] })).toEqual({ ids: ['b', 'a'], names: ['red', 'blue'] });
  });
});

describe('resolveTagSelection', () => {
  const known = new Set(['t1', 't2']);
  const byName = new Map([
    ['red', 't2'],
    ['blue', 't3'],
  ]);

  it('when ids and names resolve, then the union keeps the order ids then names, without repeats', () => {
    expect(resolveTagSelection({ ids: ['t2', 't1'], names: ['red', 'blue'] }, known, byName)).toEqual({ tagIds: ['t2', 't1', 't3'], unknownIds: [], unknownNames: [] });
  });

  it('when an id or a name is unknown, then it is reported', () => {
    expect(resolveTagSelection({ ids: ['t9'], names: ['green'] }, known, byName)).toEqual({ tagIds: [], unknownIds: ['t9'], unknownNames: ['green'] });
  });
});
