/**
 * `npx tsx bench/mcp-profile.ts <dir>` (docs/mcp.md §6): sums the self time of the V8 CPU profiles
 * `BENCH_CPU_PROF=<dir> npm run bench:mcp` wrote, by function and file, for each channel's child
 * (the newest profile of each side's pair is taken per side by the order they were written), and
 * prints where the MCP side spends what the console side does not.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) per `function file:line`, and per package or source folder. */
function selfTimes(file: string): {
  byFrame: Map<string, number>;
  byPlace: Map<string, number>;
  total: number;
} {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const byFrame = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const ms = (p.timeDeltas[i] ?? 0) / 1000;
    const f = nodes.get(id)?.callFrame;
    if (!f) return;
    const url = f.url.replace(/^file:\/\//, '').replace(process.cwd(), '.');
    const key = `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}`;
    const place = placeOf(url, f.functionName);
    byFrame.set(key, (byFrame.get(key) ?? 0) + ms);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    if (f.functionName !== '(idle)') total += ms;
  });
  return { byFrame, byPlace, total };
}

function placeOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(0, 4).join('/');
}

const dir = process.argv[2] ?? '/tmp/prof';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => join(dir, f))
  .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
// One child a process id (`CPU.<date>.<time>.<pid>.<thread>.<seq>`, a file per thread); bench/mcp.ts
// runs the console's child, then the MCP's, per command.
const pidOf = (f: string) => f.split('.').at(-4) ?? '';
const pids = [...new Set(files.map(pidOf))];
const sideOf = (f: string) => (pids.indexOf(pidOf(f)) % 2 === 0 ? 'console' : 'mcp');
const sides = {
  console: files.filter((f) => sideOf(f) === 'console'),
  mcp: files.filter((f) => sideOf(f) === 'mcp'),
};
const sum = (list: string[]) => {
  const byPlace = new Map<string, number>();
  const byFrame = new Map<string, number>();
  let total = 0;
  for (const f of list) {
    const s = selfTimes(f);
    total += s.total;
    for (const [k, v] of s.byPlace) byPlace.set(k, (byPlace.get(k) ?? 0) + v);
    for (const [k, v] of s.byFrame) byFrame.set(k, (byFrame.get(k) ?? 0) + v);
  }
  return { byPlace, byFrame, total };
};
const c = sum(sides.console);
const m = sum(sides.mcp);
console.log(
  `profiles: ${sides.console.length} console, ${sides.mcp.length} mcp; busy ms console ${c.total.toFixed(0)}, mcp ${m.total.toFixed(0)}`,
);
const diff = (a: Map<string, number>, b: Map<string, number>, n: number) =>
  [...new Set([...a.keys(), ...b.keys()])]
    .map((k) => [k, (a.get(k) ?? 0) - (b.get(k) ?? 0), a.get(k) ?? 0, b.get(k) ?? 0] as const)
    .sort((x, y) => y[1] - x[1])
    .slice(0, n);
console.log('\nwhere MCP spends more (ms self time, mcp − console; mcp / console):');
for (const [k, d, a, b] of diff(m.byPlace, c.byPlace, 15))
  console.log(`  ${d.toFixed(1).padStart(8)}  ${a.toFixed(1).padStart(8)} / ${b.toFixed(1).padEnd(8)} ${k}`);
console.log('\nfunctions:');
for (const [k, d, a, b] of diff(m.byFrame, c.byFrame, 25))
  console.log(`  ${d.toFixed(1).padStart(8)}  ${a.toFixed(1).padStart(8)} / ${b.toFixed(1).padEnd(8)} ${k}`);
