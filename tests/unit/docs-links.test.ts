// @vitest-environment node
// README and docs/ point at each other and at source files; a moved file or a renamed heading
// would leave a reader at a dead link while every other check stays green.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  const headings = withoutCode.match(/^#{1,6} .+$/gm) ?? [];
  return new Set(
    headings.map((heading) =>
      heading
        .replace(/^#+ /, '')
        .replace(/`/g, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

/** Relative link targets of a markdown file, outside code blocks and code spans. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

describe('links in README and docs/', () => {
  it.each(files.map((file) => [relative(root, file), file]))('%s: every relative link resolves', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const broken = relativeLinks(text).filter((target) => {
      const [path = '', anchor] = target.split('#');
      const resolved = path === '' ? file : join(dirname(file), path);
      if (!existsSync(resolved)) return true;
      if (anchor === undefined || statSync(resolved).isDirectory()) return false;
      return !anchors(readFileSync(resolved, 'utf8')).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('docs/ exists with the pages README promises', () => {
    expect(files.length).toBeGreaterThan(5);
  });
});
