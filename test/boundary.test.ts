import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Arrows point one way only: adapters → core → telephony/store (docs/architecture.md §7, "The layout is the
 * architecture"; Vercel Chat SDK `boundary.test.ts`). This test reads the sources and fails when an
 * import crosses a boundary.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(c|m)?[jt]sx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every module specifier: static imports and re-exports, `import type`, dynamic `import()`, `require()`. */
function importsOf(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const specifiers: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\brequire\s*\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const m of withoutComments.matchAll(pattern)) specifiers.push(m[1]!);
  }
  return specifiers;
}

const FORBIDDEN_IN_CORE: [string, RegExp][] = [
  ['grammY', /^grammy(\/|$)/],
  ['grammY plugins', /^@grammyjs\//],
  ['Slack', /^@slack\//],
  ['undici', /^undici(\/|$)/],
  ['keyv', /^keyv(\/|$)/],
  ['keyv adapters', /^@keyv\//],
  ['node:http', /^(node:)?https?(\/|$)/],
  // The core reports through its CoreMetrics port; prom-client lives in src/bots/metrics.ts.
  ['prom-client', /^prom-client(\/|$)/],
];
const FORBIDDEN_IN_TELEPHONY = FORBIDDEN_IN_CORE.filter(([name]) =>
  /grammY|Slack|keyv|prom-client/.test(name),
);

/** Where a relative specifier points, inside src; packages stay as they are. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(src, resolve(dirname(file), specifier))
    .split(sep)
    .join('/');
}

function violations(dir: string, forbidden: [string, RegExp][], forbiddenDirs: string[]): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).flatMap((spec) => {
      const where = relative(root, file);
      const to = target(file, spec);
      const pkg = forbidden.find(([, re]) => re.test(spec));
      if (pkg) return [`${where} imports ${spec} (${pkg[0]})`];
      const layer = forbiddenDirs.find((d) => to === d || to.startsWith(`${d}/`));
      if (layer) return [`${where} imports ${spec} (src/${layer})`];
      return [];
    }),
  );
}

describe('the scanner', () => {
  it('finds every import form', () => {
    const code = [
      "import { Bot } from 'grammy';",
      "import type { App } from '@slack/bolt';",
      "export { request } from 'undici';",
      "import 'keyv';",
      "const h = await import('node:http');",
      "const k = require('@keyv/redis');",
      'import {',
      '  a,',
      "} from '../adapters/telegram/index.js';",
      "// import { x } from 'grammy-in-a-comment';",
    ].join('\n');
    expect(importsOf(code)).toEqual([
      'grammy',
      '@slack/bolt',
      'undici',
      '../adapters/telegram/index.js',
      'keyv',
      'node:http',
      '@keyv/redis',
    ]);
  });

  it('flags each forbidden specifier and leaves allowed ones alone', () => {
    const flagged = (spec: string) => FORBIDDEN_IN_CORE.some(([, re]) => re.test(spec));
    for (const spec of [
      'grammy',
      'grammy/types',
      '@grammyjs/runner',
      '@slack/bolt',
      'undici',
      'keyv',
      '@keyv/sqlite',
      'node:http',
      'http',
      'node:https',
    ])
      expect(flagged(spec), spec).toBe(true);
    for (const spec of ['zod', 'node:crypto', 'node:util', '../telephony/index.js', 'httpx-like', 'keyvault'])
      expect(flagged(spec), spec).toBe(false);
    expect(target(join(src, 'core', 'handlers', 'x.ts'), '../../adapters/slack/index.js')).toBe(
      'adapters/slack/index.js',
    );
  });
});

describe('src/core is channel-agnostic', () => {
  const files = sourceFiles(join(src, 'core'));

  it('every file under src/core is scanned (the list may be empty before the core lands)', () => {
    // Guard against a silent glob: whatever exists on disk under src/core must be in the list.
    const onDisk = existsSync(join(src, 'core')) ? readdirSync(join(src, 'core'), { recursive: true }) : [];
    const tsOnDisk = onDisk.map(String).filter((f) => /\.(c|m)?[jt]sx?$/.test(f) && !f.endsWith('.d.ts'));
    expect(files.length).toBe(tsOnDisk.length);
  });

  it('imports no grammY, bolt, undici, keyv or node:http, and nothing from adapters, store, bots or sandbox', () => {
    expect(
      violations(join(src, 'core'), FORBIDDEN_IN_CORE, ['adapters', 'bots', 'store', 'sandbox']),
    ).toEqual([]);
  });

  it('owns the store ports it depends on (credentials, pending, settings, dedupe, audit)', () => {
    const ports = readFileSync(join(src, 'core', 'ports', 'stores.ts'), 'utf8');
    for (const port of ['CredentialStore', 'PendingStore', 'SettingsStore', 'DedupeStore', 'AuditLog'])
      expect(ports, port).toMatch(new RegExp(`export interface ${port}\\b`));
  });
});

describe('src/telephony is a library of its own', () => {
  const files = sourceFiles(join(src, 'telephony'));

  it('has sources to scan', () => {
    expect(files.map((f) => relative(src, f))).toContain(join('telephony', 'client.ts'));
  });

  it('imports no grammY, bolt or keyv, and nothing from another src/ layer', () => {
    expect(
      violations(join(src, 'telephony'), FORBIDDEN_IN_TELEPHONY, [
        'core',
        'adapters',
        'bots',
        'store',
        'sandbox',
      ]),
    ).toEqual([]);
  });

  it('does import undici (the transport lives here)', () => {
    const specs = files.flatMap((f) => importsOf(readFileSync(f, 'utf8')));
    expect(specs).toContain('undici');
  });
});

/**
 * Imports of `dir` that leave what it may use: relative imports outside `ownDir` and `allowedDirs`
 * (paths under src), and packages other than node built-ins and `allowedPackages`.
 */
function outside(dir: string, allowedPackages: RegExp[], allowedDirs: string[]): string[] {
  const ownDir = relative(src, dir).split(sep).join('/');
  return sourceFiles(dir).flatMap((file) =>
    crossings(file, readFileSync(file, 'utf8'), ownDir, allowedPackages, allowedDirs),
  );
}

function crossings(
  file: string,
  code: string,
  ownDir: string,
  allowedPackages: RegExp[],
  allowedDirs: string[],
): string[] {
  const where = relative(root, file);
  return importsOf(code).flatMap((spec) => {
    if (!spec.startsWith('.')) {
      if (spec.startsWith('node:') || allowedPackages.some((re) => re.test(spec))) return [];
      return [`${where} imports the package ${spec}`];
    }
    const to = target(file, spec);
    const inside = (d: string) => to === d || to.startsWith(`${d}/`);
    if (inside(ownDir) || allowedDirs.some(inside)) return [];
    return [`${where} imports ${spec} (src/${to})`];
  });
}

describe('src/store implements the core ports and nothing else of the core', () => {
  it('has sources to scan', () => {
    expect(sourceFiles(join(src, 'store')).length).toBeGreaterThan(5);
  });

  it('imports from the core only its ports, and no adapter, bot, sandbox or client', () => {
    const keyv = [/^keyv$/, /^@keyv\//, /^@redis\//];
    expect(outside(join(src, 'store'), keyv, ['core/ports'])).toEqual([]);
  });
});

describe("src/jobs runs the core's job kinds on BullMQ and knows nothing else of the bot", () => {
  it('imports bullmq, and from the core only its ports, logger and safe error summary', () => {
    const dir = join(src, 'jobs');
    expect(sourceFiles(dir).length).toBeGreaterThan(0);
    expect(
      outside(dir, [/^bullmq$/], ['core/ports', 'core/logs/logger.js', 'core/logs/safe-error.js']),
    ).toEqual([]);
  });
});

/** The core's one door for the channels (docs/architecture.md §8): `src/core/index.ts`. */
const CORE_DOOR = 'core/index.js';

describe('adapters import only the core, through its door, and their own SDK', () => {
  const adapters: [string, RegExp[]][] = [
    ['telegram', [/^grammy(\/|$)/, /^@grammyjs\//]],
    ['slack', [/^@slack\//]],
    ['teams', [/^@microsoft\/agents-(hosting|activity)$/]],
    ['console', []],
  ];

  it.each(adapters)(
    '%s: the core only through src/core/index.ts; never another adapter, the store, the bots, the client or the sandbox',
    (name, sdk) => {
      const dir = join(src, 'adapters', name);
      expect(sourceFiles(dir).length, name).toBeGreaterThan(0);
      expect(outside(dir, sdk, [CORE_DOOR])).toEqual([]);
    },
  );

  it('all of them together import one module of the core: its door', () => {
    const coreModules = new Set(
      sourceFiles(join(src, 'adapters')).flatMap((file) =>
        importsOf(readFileSync(file, 'utf8'))
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => target(file, spec))
          .filter((to) => to.startsWith('core/')),
      ),
    );
    expect([...coreModules]).toEqual([CORE_DOOR]);
  });

  it('the rule catches each kind of crossing (so an empty list means something)', () => {
    const file = join(src, 'adapters', 'slack', 'x.ts');
    const code = [
      "import { renderReply } from '../telegram/render-html.js';",
      "import type { Stores } from '../../store/stores.js';",
      "import { loadConfig } from '../../bots/config.js';",
      "import { md5Hex } from '../../telephony/signature.js';",
      "import { Bot } from 'grammy';",
      "import type { Reply } from '../../core/index.js';",
      "import type { Channel } from '../../core/ports/channel.js';",
      "import { App } from '@slack/bolt';",
      "import { createHash } from 'node:crypto';",
      "import { escapeMrkdwn } from './escape.js';",
    ].join('\n');
    const found = crossings(file, code, 'adapters/slack', [/^@slack\//], [CORE_DOOR]);
    expect(found.map((f) => f.replace(/^.*? imports /, ''))).toEqual([
      '../telegram/render-html.js (src/adapters/telegram/render-html.js)',
      '../../store/stores.js (src/store/stores.js)',
      '../../bots/config.js (src/bots/config.js)',
      '../../telephony/signature.js (src/telephony/signature.js)',
      'the package grammy',
      '../../core/ports/channel.js (src/core/ports/channel.js)',
    ]);
    const store = join(src, 'store', 'x.ts');
    expect(
      crossings(store, "import type { Core } from '../core/core.js';", 'store', [], ['core/ports']),
    ).toHaveLength(1);
  });
});
