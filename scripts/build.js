#!/usr/bin/env node
// `npm run build`: the sources compiled into dist/ for production (issue 12).
//
// esbuild, not tsc: on this 2-core machine tsc took 38 s to emit 136 files, esbuild under 2 s for
// one bundle; and one bundle starts faster than 136 modules resolved one by one (the figures are in
// the README, "Benchmarks", from `npm run bench:start`). Type checking stays with `npm test`
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
import { copyFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: ['src/bots/cli.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['sqlite3', '@resvg/resvg-js'],
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
if (process.env.BUILD_METAFILE) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.BUILD_METAFILE, JSON.stringify(result.metafile));
}
