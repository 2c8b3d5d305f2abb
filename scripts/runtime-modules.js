#!/usr/bin/env node
// The packages the built bundle still loads from node_modules, copied to <out>/node_modules, for the
// image's runtime stage (docs/docker.md §2). dist/ bundles every dependency but the native ones
// (scripts/build.js `external`: sqlite3 and @resvg/resvg-js); copying the whole production
// node_modules shipped ~180 MB that dist/ already holds (echarts alone 62 MB).
//
// Which files those packages need is not guessed from package.json (sqlite3 declares its install
// tools, prebuild-install and tar, as dependencies): each external is loaded here, and every
// package a file of Node's module cache belongs to is copied, its native binding (.node) and the
// platform package @resvg/resvg-js picks included.
//
// Usage: node scripts/runtime-modules.js <out>   (run in the directory whose node_modules to read)
import { cpSync, existsSync, mkdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

const EXTERNALS = ['sqlite3', '@resvg/resvg-js'];
const BUILD_LEFTOVERS =
  /\.a$|^build\/deps([/]|$)|^(deps|src|node-addon-api|build\/Release\/(obj|obj\.target|\.deps|node-addon-api)|build\/[^/]+\.(mk|gypi?|Makefile))([/]|$)|^build\/Makefile$|^build\/config\.gypi$/;
const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: node scripts/runtime-modules.js <out-dir>\n');
  process.exit(2);
}
const root = realpathSync(resolve('node_modules'));
const require = createRequire(join(process.cwd(), 'package.json'));
for (const name of EXTERNALS) require(name);

/** The package directory under node_modules a loaded file belongs to (scoped names included). */
function packageOf(file) {
  const rel = relative(root, file);
  if (rel.startsWith('..')) return undefined;
  const parts = rel.split(sep);
  const at = parts.lastIndexOf('node_modules');
  const from = at >= 0 ? at + 1 : 0;
  const depth = parts[from]?.startsWith('@') ? 2 : 1;
  return join(root, ...parts.slice(0, from + depth));
}

const packages = new Set();
for (const file of Object.keys(require.cache)) {
  const dir = packageOf(file);
  if (dir && existsSync(join(dir, 'package.json'))) packages.add(dir);
}
for (const dir of [...packages].sort()) {
  const target = join(out, 'node_modules', relative(root, dir));
  mkdirSync(dirname(target), { recursive: true });
  // A binding compiled here (binding.gyp) needs only its .node and its JavaScript to run: its C
  // sources, the bundled SQLite source, the headers and the object files stay behind.
  const compiled = existsSync(join(dir, 'binding.gyp'));
  cpSync(dir, target, {
    recursive: true,
    filter: (src) => !compiled || !BUILD_LEFTOVERS.test(relative(dir, src)),
  });
  process.stdout.write(`${relative(root, dir)}\n`);
}
