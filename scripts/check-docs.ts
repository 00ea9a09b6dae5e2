/**
 * `npm run docs:check`: the README and docs/ hold together. Every relative link names a file
 * that exists and, with a `#fragment`, a heading of that file (GitHub's anchors); every file of
 * docs/ is in the README's map; the README stays a landing page (at most README_MAX_LINES lines)
 * and names no file that is not in the repository. Also run by test/docs/doc-links.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
export const README_MAX_LINES = 150;

/** GitHub's anchor of a heading: lowercase, punctuation dropped (hyphens and underscores kept), spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings, a repeated one numbered as GitHub numbers it (-1, -2, …). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = headingAnchor(heading[1]!);
    const n = seen.get(base) ?? 0;
    anchors.add(n === 0 ? base : `${base}-${n}`);
    seen.set(base, n + 1);
  }
  return anchors;
}

/** Relative links of a Markdown file, outside code: `[text](target)`. */
function linksOf(markdown: string): Array<{ line: number; target: string }> {
  const links: Array<{ line: number; target: string }> = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced) return;
    const outsideCode = text.replace(/`[^`]*`/g, '');
    for (const match of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line: index + 1, target });
    }
  });
  return links;
}

/** Every problem, one line each; [] when the docs hold together. */
export function checkDocs(root = ROOT): string[] {
  const docs = fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  const files = ['README.md', ...docs];
  const problems: string[] = [];
  const anchors = new Map<string, Set<string>>();
  const anchorsFor = (file: string) => {
    if (!anchors.has(file)) anchors.set(file, anchorsOf(fs.readFileSync(path.join(root, file), 'utf8')));
    return anchors.get(file)!;
  };
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const { line, target } of linksOf(text)) {
      const [pathPart, fragment] = target.split('#') as [string, string | undefined];
      const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(pathPart)));
      if (!fs.existsSync(path.join(root, resolved))) {
        problems.push(`${file}:${line}: ${target}: ${resolved} does not exist`);
        continue;
      }
      if (fragment !== undefined && resolved.endsWith('.md') && !anchorsFor(resolved).has(fragment)) {
        problems.push(`${file}:${line}: ${target}: ${resolved} has no heading #${fragment}`);
      }
    }
  }
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
  if (lines > README_MAX_LINES) problems.push(`README.md: ${lines} lines; the landing page keeps to ${README_MAX_LINES}, the manual lives in docs/`);
  for (const doc of docs) if (!readme.includes(`](${doc})`)) problems.push(`README.md: docs map lacks ${doc}`);
  for (const named of readme.matchAll(/`([\w./-]+\.md)`/g)) {
    if (!fs.existsSync(path.join(root, named[1]!))) problems.push(`README.md: names ${named[1]}, which is not in the repository`);
  }
  return problems;
}

if (require.main === module) {
  const problems = checkDocs();
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.stdout.write(problems.length === 0 ? 'README.md and docs/ hold together.\n' : '');
  process.exit(problems.length === 0 ? 0 : 1);
}
