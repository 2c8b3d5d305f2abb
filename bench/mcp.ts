/**
 * `npm run bench:mcp` (docs/mcp.md §6, docs/performance.md): the MCP server's own CPU time per tool
 * call beside the console's for the same command, in the same run, against the same sandbox.
 *
 * - The sandbox runs here, in the bench's process; each channel runs in a child process
 *   (bench/mcp-child.ts) on the same composition root as `start`, so the CPU time read from
 *   `/proc/<pid>/stat` (user + system) is the channel's and the core's alone.
 * - MCP: the official `Client` over stdio calls the tool ROUNDS times, one call after another.
 *   Console: the same command typed ROUNDS times on its stdin, each after the last reply was read
 *   back from its stdout (a batch of lines at once would save the console a read per command).
 * - Commands: `balance`, and `rate` with three numbers. Warm-up rounds are not counted.
 * - Goal: MCP ≤ 1.2 × the console's CPU per call (MET or MISSED).
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

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const WARMUP = 50;
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

async function mcpCpu(env: Record<string, string>, command: (typeof COMMANDS)[number]): Promise<number> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...CHILD, 'mcp'],
    env,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const pid = transport.pid!;
  const call = async () => {
    const r = await client.callTool(command.tool);
    if (r.isError) throw new Error(`${command.name} failed over MCP: ${JSON.stringify(r.content)}`);
  };
  for (let i = 0; i < WARMUP; i++) await call();
  const before = cpuMs(pid);
  for (let i = 0; i < ROUNDS; i++) await call();
  const used = cpuMs(pid) - before;
  await client.close();
  return used / ROUNDS;
}

/** Types `count` lines and waits until the console printed `count` more replies titled `title`. */
function typed(
  child: ChildProcessWithoutNullStreams,
  out: { text: string },
  line: string,
  title: string,
  count: number,
) {
  const seen = out.text.split(title).length - 1;
  child.stdin.write(`${line}\n`.repeat(count));
  return new Promise<void>((resolve) => {
    const check = () => {
      if (out.text.split(title).length - 1 >= seen + count) {
        child.stdout.off('data', check);
        resolve();
      }
    };
    child.stdout.on('data', check);
    check();
  });
}

async function consoleCpu(env: Record<string, string>, command: (typeof COMMANDS)[number]): Promise<number> {
  const child = spawn(process.execPath, [...CHILD, 'console'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out = { text: '' };
  child.stdout.on('data', (c: Buffer) => {
    out.text += c.toString('utf8');
  });
  await new Promise<void>((resolve) => child.stderr.once('data', () => resolve()));
  // One line at a time, each after the last reply, as the MCP calls go: the same I/O per command.
  for (let i = 0; i < WARMUP; i++) await typed(child, out, command.line, command.title, 1);
  const before = cpuMs(child.pid!);
  for (let i = 0; i < ROUNDS; i++) await typed(child, out, command.line, command.title, 1);
  const used = cpuMs(child.pid!) - before;
  child.stdin.end();
  await new Promise((resolve) => child.on('exit', resolve));
  return used / ROUNDS;
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
  `bench:mcp: server CPU per call, ${ROUNDS} calls each after ${WARMUP} warm-up, channel in a child process`,
);
let met = true;
for (const command of COMMANDS) {
  const viaConsole = await consoleCpu(envOf('console'), command);
  const viaMcp = await mcpCpu(envOf('mcp'), command);
  const ratio = viaMcp / viaConsole;
  const ok = ratio <= GOAL;
  met &&= ok;
  console.log(
    `  ${command.name.padEnd(17)} console ${viaConsole.toFixed(2)} ms   mcp ${viaMcp.toFixed(2)} ms   ` +
      `${ratio.toFixed(2)} ×  (goal ≤ ${GOAL} ×) ${ok ? 'MET' : 'MISSED'}`,
  );
}
console.log(met ? 'MET' : 'MISSED');
await sandbox.close();
await rm(dataDir, { recursive: true, force: true });
