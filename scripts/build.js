#!/usr/bin/env node
// `npm run build`: the sources compiled into dist/ for production (docs/operations.md §1.4).
//
// esbuild, not tsc: on this 2-core machine tsc took 38 s to emit 136 files, esbuild under 2 s for
// one bundle; and one bundle starts faster than 136 modules resolved one by one (the figures are in
// docs/performance.md §6, from `npm run bench:start`). Type checking stays with `npm test`
// (tsc --noEmit): esbuild only strips the types.
//
// - Everything is bundled except sqlite3 and @resvg/resvg-js (the spend chart's PNG renderer), whose
//   native bindings must stay where npm put them. Resolving
//   hundreds of node_modules files one by one was most of the start-up time.
// - Code splitting keeps each CLI command's code in its own chunk: `--help` and `config reference`
//   load a few kilobytes, `start` loads grammY or bolt only when that channel is configured.
// - Minified (names kept: errors are matched on `name`), with source maps without sourcesContent,
//   so stack traces point at src/ lines while the maps stay small enough to load at start.
// - The sandbox's demo-data.yaml is the one non-TypeScript asset; it is copied beside the chunks,
//   where `new URL('./demo-data.yaml', import.meta.url)` finds it.
// - `--if-changed` (what `npm start` runs first) builds only when the inputs changed: a SHA-256 of
//   every input file (src/, this script, package.json, the lockfile, tsconfig.json) is kept in
//   dist/.build-stamp, and when it matches, esbuild is not even loaded. Contents, not mtimes: a
//   checkout or a `touch` that changes nothing does not rebuild, and an edit always does.
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const outdir = args.find((a) => !a.startsWith('--')) ?? 'dist';
const stampFile = join(outdir, '.build-stamp');

/** Every file the bundle is made from, sorted, so the fingerprint does not depend on listing order. */
function inputFiles() {
  const files = ['scripts/build.js', 'package.json', 'package-lock.json', 'tsconfig.json'];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk('src');
  return files.sort();
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of inputFiles()) {
    hash.update(`${file}\0`);
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update('(missing)');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

const stamp = fingerprint();
const previous = (() => {
  try {
    return readFileSync(stampFile, 'utf8').trim();
  } catch {
    return undefined;
  }
})();
if (ifChanged && previous === stamp) process.exit(0);

const { build } = await import('esbuild');
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: ['src/bots/cli.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The Agents SDK's telemetry requires @opentelemetry/api-logs lazily, only when OpenTelemetry
  // logging is switched on; it is not installed, so it stays outside the bundle (docs/teams.md §1).
  external: ['sqlite3', '@resvg/resvg-js', '@opentelemetry/api-logs'],
  minify: true,
  keepNames: true,
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
copyFileSync('src/sandbox/demo-data.yaml', `${outdir}/demo-data.yaml`);
// Written last: an interrupted build leaves no stamp, so the next `npm start` builds again.
writeFileSync(stampFile, `${stamp}\n`);
if (process.env.BUILD_METAFILE) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.BUILD_METAFILE, JSON.stringify(result.metafile));
}
