import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Citations a newcomer can follow (docs/README.md): a comment cites the section of docs/ that states
 * the rule (`docs/privacy.md §2.2`, `docs/privacy.md#shared-chats`), the API page by the provider's
 * numbering (`spec 4.9` is docs/api.md §4.9) and the decisions page (`provider-notes 1.2`, `D6`,
 * `provider-notes §3`), never a tracker's issue number, which a clone cannot open. Every citation
 * must name a section that exists; each failure lists file, line and citation.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docsDir = join(root, 'docs');

/** A numbered heading, `## 2. Secrets` or `### 2.3 Secrets shown to their owner`. */
const HEADING = /^#{1,4} (\d+(?:\.\d+)*)\.? +(.*)$/;
const ANY_HEADING = /^#{1,4} +(.*)$/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

interface Page {
  sections: Set<string>;
  anchors: Set<string>;
  decisions: Set<string>;
}

function readPage(file: string): Page {
  const page: Page = { sections: new Set(), anchors: new Set(), decisions: new Set() };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const numbered = HEADING.exec(line);
    if (numbered) page.sections.add(numbered[1]!);
    const heading = ANY_HEADING.exec(line);
    if (heading) page.anchors.add(slug(heading[1]!));
    const decision = /^\| (D\d+) \|/.exec(line);
    if (decision) page.decisions.add(decision[1]!);
  }
  return page;
}

const pages = new Map(
  readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => [name, readPage(join(docsDir, name))] as const),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs|cjs|ya?ml)$/.test(name) ? [path] : [];
  });
}

interface Line {
  where: string;
  text: string;
  comment: string;
}

/** The comment part of a line: a whole comment line, or what follows ` // `. */
function commentOf(text: string): string {
  if (/^\s*(\/\/|\/\*|\*|#)/.test(text)) return text;
  const at = text.search(/\s\/\/\s/);
  return at >= 0 ? text.slice(at) : '';
}

/** The sources, their scripts, and the files an operator reads (the image, the compose file, CI, the manifest). */
const files = [
  ...['src', 'test', 'bench', 'scripts', 'bin', 'slack'].flatMap((top) => sourceFiles(join(root, top))),
  ...['Dockerfile', 'docker-compose.yml', '.ci/run'].map((f) => join(root, f)).filter((f) => existsSync(f)),
];

const lines: Line[] = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((text, i) => ({ where: `${relative(root, file)}:${i + 1}`, text, comment: commentOf(text) })),
);

/** `§4.9, §4.13` or `4.4, 4.5`: the section numbers a citation lists, from where it starts. */
function sectionList(rest: string): string[] {
  const list = /^ ?§?(\d+(?:\.\d+)*)((?:(?:, | \/ | and )§?\d+(?:\.\d+)*)*)/.exec(rest);
  if (!list) return [];
  return [list[1]!, ...(list[2]!.match(/\d+(?:\.\d+)*/g) ?? [])];
}

function pageProblem(name: string, rest: string): string | undefined {
  const page = pages.get(name);
  if (!page) return `docs/${name} does not exist`;
  const anchor = /^#([\w-]+)/.exec(rest);
  if (anchor) return page.anchors.has(anchor[1]!) ? undefined : `no heading #${anchor[1]} in docs/${name}`;
  const missing = sectionList(rest).filter((s) => !page.sections.has(s));
  return missing.length > 0 ? `no §${missing.join(', §')} in docs/${name}` : undefined;
}

/** Every citation in `comment` that names nothing. */
function brokenCitations(comment: string): string[] {
  const problems: string[] = [];
  for (const m of comment.matchAll(/docs\/([\w-]+\.md)(#[\w-]+| §[^\n]*)?/g)) {
    const problem = pageProblem(m[1]!, m[2] ?? '');
    if (problem) problems.push(problem);
  }
  for (const m of comment.matchAll(/(?<!PNG )\b[Ss]pec (§?\d[^\n]*)/g)) {
    const problem = pageProblem('api.md', ` ${m[1]!}`);
    if (problem) problems.push(`spec ${m[1]!.split(/[^\d.§]/)[0]}: ${problem}`);
  }
  for (const m of comment.matchAll(/provider-notes (§?\d[^\n]*)/g)) {
    const problem = pageProblem('decisions.md', ` ${m[1]!}`);
    if (problem) problems.push(`provider-notes ${m[1]!.split(/[^\d.§]/)[0]}: ${problem}`);
  }
  for (const m of comment.matchAll(/\b(D\d{1,2})\b/g)) {
    if (!pages.get('decisions.md')?.decisions.has(m[1]!))
      problems.push(`${m[1]} is not in docs/decisions.md`);
  }
  return problems;
}

describe('citations in comments (docs/README.md)', () => {
  it('never cite a tracker issue number', () => {
    const offenders = lines
      .filter((l) => /\b[Ii]ssues? #?\d/.test(l.text))
      .map((l) => `${l.where}: ${l.text.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('name a docs section, spec section or decision that exists', () => {
    const offenders = lines.flatMap((l) => brokenCitations(l.comment).map((p) => `${l.where}: ${p}`));
    expect(offenders).toEqual([]);
  });

  it('can fail: a missing section, anchor, decision and an issue number are each caught', () => {
    expect(brokenCitations('// (docs/privacy.md §99.1)')).toEqual(['no §99.1 in docs/privacy.md']);
    expect(brokenCitations('// docs/privacy.md#no-such-heading')).toHaveLength(1);
    expect(brokenCitations('// docs/nowhere.md §1')).toEqual(['docs/nowhere.md does not exist']);
    expect(brokenCitations('// (spec 4.99, D6)')).toHaveLength(1);
    expect(brokenCitations('// (provider-notes D99)')).toEqual(['D99 is not in docs/decisions.md']);
    expect(brokenCitations('// (docs/privacy.md §2.2, §2.3; spec 4.9; provider-notes 1.2, D6)')).toEqual([]);
    expect(/\b[Ii]ssues? #?\d/.test(['// (iss', 'ue 10)'].join(''))).toBe(true);
  });
});

describe('links between the docs pages', () => {
  it('cite sections that exist: [page.md](page.md) §N and docs/page.md §N', () => {
    const offenders = [...pages.keys(), '../README.md'].flatMap((name) =>
      readFileSync(join(docsDir, name), 'utf8')
        .split('\n')
        .flatMap((text, i) => {
          const found = [...text.matchAll(/\[([\w-]+\.md)\]\(\1\)( §[^\n]*|#[\w-]+)?/g)].map((m) =>
            pageProblem(m[1]!, m[2] ?? ''),
          );
          return [...found, ...brokenCitations(text.replace(/\[[\w-]+\.md\]\([\w-]+\.md\)[^\n]*/g, ''))]
            .filter((p): p is string => p !== undefined)
            .map((p) => `docs/${name}:${i + 1}: ${p}`);
        }),
    );
    expect(offenders).toEqual([]);
  });
});

describe('paths the docs name', () => {
  const named = [...pages.keys()].flatMap((name) =>
    [...readFileSync(join(docsDir, name), 'utf8').matchAll(/`([\w./-]+\.(?:ts|js|yaml|md))`/g)].map(
      (m) => [name, m[1]!] as const,
    ),
  );
  const everyFile = files.map((f) => relative(root, f));

  it('exist: from the root as written, or as the end of a path in the sources (`dispatch/turn.ts`)', () => {
    const missing = named.filter(
      ([, path]) =>
        !existsSync(join(root, path)) &&
        !existsSync(join(docsDir, path)) &&
        !everyFile.some((f) => f.endsWith(`/${path}`)),
    );
    expect(missing.map(([page, path]) => `docs/${page}: ${path}`)).toEqual([]);
    expect(named.length).toBeGreaterThan(50);
  });
});
