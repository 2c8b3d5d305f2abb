/**
 * `npm run bench:core` (docs/performance.md §3.1): the bot's own CPU per command: core, store, client and the Slack
 * render, with the provider answering at once in another process (so its CPU is not counted).
 *
 * For `/balance`, `/rate` with 3 numbers and a confirmed `/topup` (the command, then its Confirm
 * button), with the SQLite store and with the memory store, it runs the commands one after another
 * and reads `process.cpuUsage()` around each: p50 and p99 in ms. The rate limit is on (its per-hit
 * cost is part of every command) with a limit no run reaches. Goal: `/balance` with SQLite
 * ≤ 0.5 ms median CPU (it was about 1.05 ms).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderReply } from '../src/adapters/slack/render-blocks.js';
import { type Identity, identityKey } from '../src/core/identity.js';
import { createCore } from '../src/core/index.js';
import type { Reply } from '../src/core/reply.js';
import {
  createMemoryKeyValueStore,
  createSqliteKeyValueStore,
  createStores,
  generateMasterKey,
  type KeyValueStore,
  keyringFromKeys,
} from '../src/store/index.js';
import { createTelephonyClient, createTransport, md5Hex } from '../src/telephony/index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const GOAL_BALANCE_SQLITE_MS = 0.5;

async function startProvider(): Promise<{ url: string; cardUrl: string; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./core-sandbox.ts', import.meta.url).pathname],
    {
      env: { ...process.env, BENCH_PINS: String(2 * (RUNS + WARMUP)) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      if (buf.includes('\n')) resolve(buf.slice(0, buf.indexOf('\n')));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench provider exited with ${code}`)));
  });
  return { ...(JSON.parse(line) as { url: string; cardUrl: string }), stop: () => child.kill() };
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;

/** CPU ms of this process (every thread, SQLite's included) spent in `work`. */
async function cpuMs(work: () => Promise<void>): Promise<number> {
  const c0 = process.cpuUsage();
  await work();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

function render(replies: readonly Reply[]): number {
  let n = 0;
  for (const r of replies) n += JSON.stringify(renderReply(r)).length;
  return n;
}

interface Setup {
  name: string;
  commands: Record<string, () => Promise<void>>;
  close(): Promise<void>;
}

async function setUp(
  name: string,
  kv: KeyValueStore,
  provider: { url: string; cardUrl: string },
  nextPin: () => string,
): Promise<Setup> {
  const stores = createStores({ kv, keyring: keyringFromKeys(generateMasterKey()) });
  const transport = createTransport({ connections: 4 });
  const core = createCore({
    stores,
    // As `npm start` runs it (RATE_LIMIT_PER_MINUTE), with a limit the run cannot reach.
    rateLimit: { limit: 1e9, windowMs: 60_000 },
    clientFactory: (credentials) =>
      createTelephonyClient({
        baseUrl: provider.url,
        cardUrl: provider.cardUrl,
        credentials: credentials.account,
        cardCredentials: credentials.card,
        transport,
        timeoutMs: 10_000,
      }),
  });
  const identity: Identity = { platform: 'slack', tenant: 'T1', user: 'U1', displayName: 'Bench' };
  const chat = { id: 'D1', kind: 'private' as const };
  await stores.credentials.set(identityKey(identity), {
    credentials: [
      {
        label: 'demo',
        kind: 'account',
        username: 'demo',
        md5: md5Hex('demo'),
        linkedAt: new Date().toISOString(),
      },
    ],
    active: 'demo',
  });
  let sink = 0;
  const text = async (line: string) => {
    const replies = await core.handleText({ identity, chat, text: line, inputIsPrivate: true });
    sink += render(replies);
    return replies;
  };
  return {
    name,
    commands: {
      '/balance': async () => {
        await text('/balance');
      },
      '/rate, 3 numbers': async () => {
        await text('/rate +49 30 1234567 +43 1 234567 +41 44 1234567');
      },
      '/topup, confirmed': async () => {
        const replies = await text(`/topup ${nextPin()}`);
        const actionId = replies.flatMap((r) => r.actions ?? []).find((a) => a.label === 'Confirm')?.actionId;
        if (!actionId) throw new Error(`no Confirm button: ${JSON.stringify(replies)}`);
        const outcome = await core.handleAction({ identity, chat, actionId });
        sink += JSON.stringify(outcome).length;
      },
    },
    async close() {
      if (sink === 0) console.log('unreachable');
      await transport.close();
      await stores.close();
    },
  };
}

/** Samples of every command on every setup, interleaved, so that no setup runs on a colder process. */
async function measure(setups: Setup[]): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const label of Object.keys(setups[0]!.commands)) {
    for (let i = 0; i < WARMUP; i++) for (const s of setups) await s.commands[label]!();
    const samples = setups.map(() => [] as number[]);
    for (let i = 0; i < RUNS; i++)
      for (const [k, s] of setups.entries()) samples[k]!.push(await cpuMs(s.commands[label]!));
    for (const [k, s] of setups.entries()) out[`${label} (${s.name})`] = sorted(samples[k]!);
  }
  return out;
}

async function main(): Promise<void> {
  const provider = await startProvider();
  let pin = 5_000_000_000;
  const nextPin = () => String(pin++);
  const dir = mkdtempSync(join(tmpdir(), 'bench-core-'));
  try {
    const setups = [
      await setUp(
        'SQLite',
        createSqliteKeyValueStore({ path: join(dir, 'bench.sqlite') }),
        provider,
        nextPin,
      ),
      await setUp('memory', createMemoryKeyValueStore(), provider, nextPin),
    ];
    const results = await measure(setups);
    for (const s of setups) await s.close();
    console.log(
      `Bot CPU per command (core + store + client + Slack render), provider at zero latency in another process; ` +
        `${RUNS} runs each after ${WARMUP} warm-up, the stores interleaved; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
    );
    for (const [label, s] of Object.entries(results))
      console.log(`  ${label.padEnd(32)} p50 ${pct(s, 50).toFixed(3)} ms   p99 ${pct(s, 99).toFixed(3)} ms`);
    const balance = pct(results['/balance (SQLite)']!, 50);
    const met = balance <= GOAL_BALANCE_SQLITE_MS;
    console.log(
      `  goal /balance with SQLite ≤ ${GOAL_BALANCE_SQLITE_MS} ms median CPU: ${balance.toFixed(3)} ms ${met ? 'MET' : 'MISSED'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    provider.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
