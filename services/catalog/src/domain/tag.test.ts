import { TagColor } from './tag';

describe('TagColor', () => {
  it('when a CSS color name, #rgb or #rrggbb is given in any letter case, then it is accepted exactly as given', () => {
    for (const color of ['blue', 'Blue', 'REBECCAPURPLE', 'lightgoldenrodyellow', '#abc', '#ABC', '#3f51b5', '#3F51B5']) {
      expect(TagColor.parse(color)).toBe(color);
    }
  });

  it('when anything else is given, then it is refused', () => {
    for (const color of ['', 'bleu', 'blue ', ' blue', '#ab', '#abcd', '#abcdeg', '3f51b5', '#3f51b5ff', 'rgb(0,0,0)', 'transparent', 'currentcolor']) {
      expect(TagColor.safeParse(color).success).toBe(false);
    }
  });
});
