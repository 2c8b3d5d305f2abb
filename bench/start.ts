/**
 * `npm run bench:start` (docs/operations.md §1.4): the compiled bundle against the tsx path, side by side in one
 * run, on the console defaults (embedded sandbox, SQLite in a fresh DATA_DIR, console channel).
 *
 * For each path, 5 runs, interleaved so both see the same machine load: the time from spawning
 * `node` to the console prompt ("Type /help"), and the resident set size (VmRSS) of the process at
 * that moment. Then `--help`, which must load only the CLI. Medians are printed with the goals:
 * ready ≤ 0.5 s and RSS ≤ 110 MB for the compiled path.
 *
 * Beside them, `npm start` on the built checkout, as a newcomer types it: npm, then
 * `scripts/build.js --if-changed` (which finds the sources unchanged and builds nothing), then the
 * compiled bundle. Goal: ≤ 1 s to the prompt. (Its RSS is npm's, so it is not shown.)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);
const GOAL_READY_MS = 500;
const GOAL_RSS_MB = 110;
const GOAL_NPM_START_MS = 1000;

interface StartPath {
  name: string;
  /** The launcher `node` runs; absent for `npm start`. */
  bin?: string;
}

const PATHS: readonly StartPath[] = [
  { name: 'compiled (dist/)', bin: join(ROOT, 'bin/telephony-bot.js') },
  { name: 'tsx (sources)', bin: join(ROOT, 'bin/telephony-bot-dev.js') },
  { name: 'npm start' },
];

interface Sample {
  readyMs: number;
  rssMb: number;
}

/** Starts the bot, waits for the prompt, samples RSS, then quits it. */
function startOnce(path: StartPath): Promise<Sample> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tbot-bench-start-'));
  const [command, args] = path.bin
    ? [process.execPath, [path.bin, 'start']]
    : ['npm', ['start', '--silent', '--loglevel=error']];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        SANDBOX_PORT: '0',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let sample: Sample | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (sample || !out.includes('Type /help')) return;
      const readyMs = performance.now() - t0;
      const status = path.bin ? readFileSync(`/proc/${child.pid}/status`, 'utf8') : '';
      const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
      sample = { readyMs, rssMb: kb / 1024 };
      child.stdin.end('/quit\n');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      if (sample) resolve(sample);
      else reject(new Error(`${path.name} exited ${code} before the prompt:\n${out}\n${err}`));
    });
  });
}

/** `--help` (or, without a bin, bare `node -e ''`): the time until the process has exited. */
function helpOnce(bin: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const args = bin ? [bin, '--help'] : ['-e', ''];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`${bin} --help exited ${code}`)),
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A figure, or `-` where the path has none (npm start's RSS and --help). */
const shown = (value: number, digits: number) => (Number.isNaN(value) ? '-' : value.toFixed(digits));

const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');

async function main(): Promise<void> {
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, [join(ROOT, 'scripts/build.js')], { cwd: ROOT, stdio: 'inherit' });
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build exited ${code}`))));
  });
  const buildMs = performance.now() - t0;
  const samples = new Map<string, Sample[]>(PATHS.map((p) => [p.name, []]));
  const helps = new Map<string, number[]>(PATHS.map((p) => [p.name, []]));
  // Bare node, in the same rounds: what this machine's load adds to every figure.
  const bare: number[] = [];
  // One warm-up each (disk cache), not counted.
  for (const p of PATHS) await startOnce(p);
  for (let i = 0; i < RUNS; i++) {
    for (const p of PATHS) {
      samples.get(p.name)!.push(await startOnce(p));
      if (p.bin) helps.get(p.name)!.push(await helpOnce(p.bin));
    }
    bare.push(await helpOnce(undefined));
  }
  const rows = PATHS.map((p) => {
    const s = samples.get(p.name)!;
    return {
      name: p.name,
      readyMs: median(s.map((x) => x.readyMs)),
      rssMb: median(s.map((x) => x.rssMb)),
      helpMs: p.bin ? median(helps.get(p.name)!) : Number.NaN,
      all: s.map((x) => `${Math.round(x.readyMs)}`).join(' '),
    };
  });
  const [compiled, tsx, npmStart] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  console.log(
    `bench:start — console defaults, median of ${RUNS}, interleaved (build took ${Math.round(buildMs)} ms)`,
  );
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; bare \`node -e ''\` ${Math.round(median(bare))} ms (median)`,
  );
  console.log('');
  console.log('path               ready (ms)   RSS at ready (MB)   --help (ms)   runs (ms)');
  for (const r of rows)
    console.log(
      `${r.name.padEnd(18)} ${String(Math.round(r.readyMs)).padStart(10)}   ${shown(r.rssMb, 1).padStart(17)}   ${shown(r.helpMs, 0).padStart(11)}   ${r.all}`,
    );
  console.log('');
  console.log(
    `compiled vs tsx: ready ${(tsx.readyMs / compiled.readyMs).toFixed(2)}x faster, RSS ${(tsx.rssMb - compiled.rssMb).toFixed(1)} MB less, --help ${(tsx.helpMs / compiled.helpMs).toFixed(2)}x faster`,
  );
  console.log(
    `goal: compiled ready ≤ ${GOAL_READY_MS} ms: ${Math.round(compiled.readyMs)} ms ${verdict(compiled.readyMs <= GOAL_READY_MS)}`,
  );
  console.log(
    `goal: compiled RSS at ready ≤ ${GOAL_RSS_MB} MB: ${compiled.rssMb.toFixed(1)} MB ${verdict(compiled.rssMb <= GOAL_RSS_MB)}`,
  );
  console.log(
    `goal: npm start on a built checkout ≤ ${GOAL_NPM_START_MS} ms to the prompt: ${Math.round(npmStart.readyMs)} ms vs the direct start's ${Math.round(compiled.readyMs)} ms (npm and the unchanged-sources check add ${Math.round(npmStart.readyMs - compiled.readyMs)} ms) ${verdict(npmStart.readyMs <= GOAL_NPM_START_MS)}`,
  );
}

await main();
