/**
 * `npm run bench:mcp` (docs/mcp.md §6, docs/performance.md): the MCP server's own CPU time per tool
 * call beside the console's for the same command, in the same run, against the same sandbox.
 *
 * - The sandbox runs here, in the bench's process; each channel runs in a child process
 *   (bench/mcp-child.ts) on the same composition root as `start`, so the CPU time read from
 *   `/proc/<pid>/stat` (user + system) is the channel's and the core's alone.
 * - MCP: the official `Client` over stdio calls the tool, one call after another. Console: the same
 *   command typed on its stdin, each after the last reply was read back from its stdout (a batch of
 *   lines at once would save the console a read per command).
 * - Commands: `balance`, and `rate` with three numbers. Both children warm up first (not counted);
 *   then TRIALS trials each measure ROUNDS calls of one side and then of the other, the first side
 *   alternating, so a change in the machine's load falls on both.
 * - Goal: the median trial's ratio, MCP ≤ 1.2 × the console's CPU per call (MET or MISSED).
 * - `BENCH_CPU_PROF=<dir>` profiles each child (`node --cpu-prof`); `bench/mcp-profile.ts <dir>` sums them.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { en } from '../src/core/messages.js';
import { createSandbox } from '../src/sandbox/index.js';

/** Calls per side in one trial, and trials per command: the verdict is the median trial's ratio. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 7);
const WARMUP = 100;
const GOAL = 1.2;
const NUMBERS = ['+49 30 1234567', '+44 20 7946 0000', '+1 212 555 0100'];
const COMMANDS = [
  {
    name: 'balance',
    tool: { name: 'balance', arguments: {} },
    line: '/balance',
    title: `== ${en.balanceTitle} ==`,
  },
  {
    name: 'rate (3 numbers)',
    tool: { name: 'rate', arguments: { numbers: NUMBERS } },
    line: `/rate ${NUMBERS.map((n) => n.replaceAll(' ', '')).join(' ')}`,
    title: `== ${en.ratesTitle} ==`,
  },
];
/** `BENCH_CPU_PROF=<dir>`: each child writes a V8 CPU profile there (`node --cpu-prof`), to compare the paths. */
const PROFILE = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];
const CHILD = [...PROFILE, '--import', 'tsx', 'bench/mcp-child.ts'];

/** CPU seconds (user + system) a process used so far, from `/proc/<pid>/stat` (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One channel in its child process: its pid (for its CPU time), one call, and how to end it. */
interface Side {
  pid: number;
  call(): Promise<void>;
  close(): Promise<void>;
}

async function mcpSide(env: Record<string, string>, command: (typeof COMMANDS)[number]): Promise<Side> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...CHILD, 'mcp'],
    env,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return {
    pid: transport.pid!,
    async call() {
      const r = await client.callTool(command.tool);
      if (r.isError) throw new Error(`${command.name} failed over MCP: ${JSON.stringify(r.content)}`);
    },
    close: () => client.close(),
  };
}

/** Types one line and waits until the console printed one more reply titled `title`. */
function typed(child: ChildProcessWithoutNullStreams, out: { text: string }, line: string, title: string) {
  const seen = out.text.split(title).length - 1;
  child.stdin.write(`${line}\n`);
  return new Promise<void>((resolve) => {
    const check = () => {
      if (out.text.split(title).length - 1 > seen) {
        child.stdout.off('data', check);
        resolve();
      }
    };
    child.stdout.on('data', check);
    check();
  });
}

async function consoleSide(env: Record<string, string>, command: (typeof COMMANDS)[number]): Promise<Side> {
  const child = spawn(process.execPath, [...CHILD, 'console'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out = { text: '' };
  child.stdout.on('data', (c: Buffer) => {
    out.text += c.toString('utf8');
  });
  await new Promise<void>((resolve) => child.stderr.once('data', () => resolve()));
  return {
    pid: child.pid!,
    // One line at a time, each after the last reply, as the MCP calls go: the same I/O per command.
    call: () => typed(child, out, command.line, command.title),
    async close() {
      child.stdin.end();
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

/** CPU ms per call of `side` over `n` calls, one after another. */
async function cpuPerCall(side: Side, n: number): Promise<number> {
  const before = cpuMs(side.pid);
  for (let i = 0; i < n; i++) await side.call();
  return (cpuMs(side.pid) - before) / n;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Both sides run at once and are measured in turns, one block of calls each per trial, the one
 * that goes first alternating: the machine's load falls on both alike. The verdict is the median
 * of the trials' ratios, so one disturbed trial cannot decide it.
 */
async function compare(env: (side: string) => Record<string, string>, command: (typeof COMMANDS)[number]) {
  const sides = [await consoleSide(env('console'), command), await mcpSide(env('mcp'), command)] as const;
  for (const side of sides) for (let i = 0; i < WARMUP; i++) await side.call();
  const trials: { console: number; mcp: number; ratio: number }[] = [];
  for (let t = 0; t < TRIALS; t++) {
    const order = t % 2 ? [1, 0] : [0, 1];
    const perCall = [0, 0];
    for (const i of order) perCall[i] = await cpuPerCall(sides[i]!, ROUNDS);
    trials.push({ console: perCall[0]!, mcp: perCall[1]!, ratio: perCall[1]! / perCall[0]! });
  }
  for (const side of sides) await side.close();
  return trials;
}

const sandbox = createSandbox({});
const { url } = await sandbox.listen({ port: 0 });
const dataDir = await mkdtemp(join(tmpdir(), 'bench-mcp-'));
const envOf = (side: string) => ({
  ...getDefaultEnvironment(),
  TELEPHONY_BASE_URL: url,
  DATA_DIR: join(dataDir, side),
  RATE_LIMIT_PER_MINUTE: '0',
  LOG_LEVEL: 'silent',
});
console.log(
  `bench:mcp: server CPU per call, median of ${TRIALS} trials of ${ROUNDS} calls per side, after ${WARMUP} warm-up; ` +
    'each channel in a child process, measured in turns',
);
let met = true;
for (const command of COMMANDS) {
  const trials = await compare(envOf, command);
  const ratios = trials.map((t) => t.ratio);
  const ratio = median(ratios);
  const ok = ratio <= GOAL;
  met &&= ok;
  const ms = (xs: number[]) => `${median(xs).toFixed(2)} ms`;
  console.log(
    `  ${command.name.padEnd(17)} console ${ms(trials.map((t) => t.console))}   mcp ${ms(trials.map((t) => t.mcp))}   ` +
      `${ratio.toFixed(2)} × (trials ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})  ` +
      `(goal ≤ ${GOAL} ×) ${ok ? 'MET' : 'MISSED'}`,
  );
}
console.log(met ? 'MET' : 'MISSED');
await sandbox.close();
await rm(dataDir, { recursive: true, force: true });
