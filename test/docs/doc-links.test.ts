import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anchorsOf, checkDocs, headingAnchor } from '../../scripts/check-docs';

describe('the README and docs/ hold together (npm run docs:check)', () => {
  it('when every relative link, anchor, map entry and the README\'s length are checked, then nothing is broken', () => {
    expect(checkDocs()).toEqual([]);
  });

  it('when a heading has punctuation, code or a repeat, then its anchor is the one GitHub gives it', () => {
    expect(headingAnchor('API reference (/docs)')).toBe('api-reference-docs');
    expect(headingAnchor('(r) Replicas on two cores')).toBe('r-replicas-on-two-cores');
    expect(headingAnchor('Install scripts (`allowScripts`)')).toBe('install-scripts-allowscripts');
    expect([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n')]).toEqual(['a', 'notes', 'notes-1']);
  });

  it('when a link, an anchor or a map entry is broken, then each is reported where it is', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-check-'));
    fs.mkdirSync(path.join(root, 'docs'));
    fs.writeFileSync(path.join(root, 'docs/a.md'), '# A\n\n## Here\n\n[gone](b.md) [wrong](a.md#there) [fine](a.md#here) `[code](x.md)`\n');
    fs.writeFileSync(path.join(root, 'docs/c.md'), '# C\n');
    fs.writeFileSync(path.join(root, 'README.md'), '# R\n\n[a](docs/a.md) names `spec.md`\n');
    expect(checkDocs(root)).toEqual([
      'docs/a.md:5: b.md: docs/b.md does not exist',
      'docs/a.md:5: a.md#there: docs/a.md has no heading #there',
      'README.md: docs map lacks docs/c.md',
      'README.md: names spec.md, which is not in the repository',
    ]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
