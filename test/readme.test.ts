import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README a newcomer reads in five minutes (docs/README.md): short, its diagram naming only
 * folders that exist, and every link of the README and of docs/ resolving, as every citation of
 * the README in the code does (`README "Quick start"` names a heading it has).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const docs = readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.md'));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The headings of a Markdown text outside code fences. */
function headings(text: string): string[] {
  let fence = false;
  const found: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const h = !fence && /^#{1,6} +(.*)$/.exec(line);
    if (h) found.push(h[1]!.trim());
  }
  return found;
}

/** `[text](target)` links to this repository's files, outside code fences. */
function localLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
}

/** What is wrong with `target` linked from `file`, or undefined. */
function linkProblem(file: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  const full = path ? resolve(dirname(file), path) : file;
  if (!existsSync(full)) return `${target}: no such file`;
  if (anchor && full.endsWith('.md') && !headings(readFileSync(full, 'utf8')).some((h) => slug(h) === anchor))
    return `${target}: no heading #${anchor}`;
  return undefined;
}

describe('README.md', () => {
  it('is read in five minutes: at most 260 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(260);
  });

  it('its architecture diagram names only folders that exist', () => {
    const diagram = /```mermaid\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(diagram, 'README has a mermaid diagram').toBeDefined();
    const named: string[] = [];
    let within = '';
    for (const line of diagram!.split('\n')) {
      const group = /subgraph \w+\["?(src\/[\w/-]+)"?\]/.exec(line);
      if (group) within = group[1]!;
      if (/^\s*end\s*$/.test(line)) within = '';
      for (const m of line.matchAll(/\b(src\/[\w-]+(?:\/[\w-]+)*)/g)) named.push(m[1]!);
      for (const m of line.matchAll(/"([\w-]+)\/"/g)) named.push(join(within, m[1]!));
    }
    expect(named.length).toBeGreaterThan(8);
    const missing = named.filter((p) => !existsSync(join(root, p)) || !statSync(join(root, p)).isDirectory());
    expect(missing).toEqual([]);
    // And every folder of src/ is in the picture.
    const folders = readdirSync(join(root, 'src')).map((n) => `src/${n}`);
    expect(folders.filter((f) => !named.includes(f))).toEqual([]);
  });
});

describe('links', () => {
  it('of the README and of every docs page resolve, anchors included', () => {
    const pages = [join(root, 'README.md'), ...docs.map((n) => join(root, 'docs', n))];
    const broken = pages.flatMap((file) =>
      localLinks(readFileSync(file, 'utf8'))
        .map((target) => linkProblem(file, target))
        .filter((p): p is string => p !== undefined)
        .map((p) => `${relative(root, file)}: ${p}`),
    );
    expect(broken).toEqual([]);
  });

  it('can fail: a missing file and a missing heading are caught', () => {
    const file = join(root, 'README.md');
    expect(linkProblem(file, 'slack/manifest.yml')).toContain('no such file');
    expect(linkProblem(file, 'docs/operations.md#no-such-heading')).toContain('no heading');
    expect(linkProblem(file, 'slack/manifest.yaml')).toBeUndefined();
  });
});

describe('citations of the README in the code', () => {
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.(ts|mts|js|mjs|cjs|ya?ml)$/.test(name) ? [path] : [];
    });
  }
  const files = [
    ...['src', 'test', 'bench', 'scripts', 'bin', 'slack'].flatMap((d) => sources(join(root, d))),
    ...['Dockerfile', 'docker-compose.yml'].map((f) => join(root, f)),
  ];
  const titles = headings(readme);

  it('name a heading the README has', () => {
    const broken = files
      .filter((file) => file !== fileURLToPath(import.meta.url))
      .flatMap((file) => {
        // A citation may wrap: `README "Money\n * guard"`.
        const text = readFileSync(file, 'utf8').replace(/\n\s*(?:\*|\/\/|#)\s*/g, ' ');
        return [...text.matchAll(/README(?:\.md)? "([^"]+)"/g)]
          .map((m) => m[1]!)
          .filter((cited) => !titles.some((t) => t === cited || t.startsWith(`${cited} `)))
          .map((cited) => `${relative(root, file)}: README "${cited}"`);
      });
    expect(broken).toEqual([]);
  });
});
