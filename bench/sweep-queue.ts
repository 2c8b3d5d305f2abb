/**
 * `npm run bench:sweep`, the BullMQ goals (docs/proactive.md §5, with REDIS_URL). Bot
 * instances are child processes (bench/sweep-instance.ts) on one real redis-server, against the
 * sandbox answering after a fixed latency; alerts go to a fake platform here that counts each one.
 * Goals, each printed with MET or MISSED, measured in this one run:
 *
 * 3. 100,000 watched accounts, provider at 250 ms, one instance with the defaults (JOBS_PER_SECOND
 *    150, JOBS_CONCURRENCY 48): one sweep ends within its 15-minute interval.
 * 4. Provider at 1,000 ms, the rate limit (150/s) above what one instance does (48 in flight ≈ 48/s):
 *    the same sweep on one instance, then on two, side by side; each of the two runs 35–65 % of the
 *    items, and two take ≤ 0.6 × the time of one.
 * 5. Two instances, one SIGKILLed mid-sweep: every alert arrives, none twice (counted at the fake
 *    platform), once the other has taken over the dead one's jobs (BullMQ's stalled check, 30 s).
 *
 * BENCH_QUEUE_ACCOUNTS (default 100000; 0 skips goal 3), BENCH_QUEUE_PAIR_ACCOUNTS (default 4000).
 */

import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '../src/core/logs/logger.js';
import { createBullmqJobs } from '../src/jobs/bullmq-jobs.js';
import { createSandbox } from '../src/sandbox/index.js';
import { createStores, keyringFromKeys } from '../src/store/index.js';
import { createRedisKeyValueStore } from '../src/store/redis-key-value-store.js';
import { md5Hex } from '../src/telephony/index.js';
import { startRedisServer } from '../test/helpers/redis-server.js';
import { sweepSandboxData, watchAccount } from './sweep-accounts.js';

const ACCOUNTS = Number(process.env.BENCH_QUEUE_ACCOUNTS ?? 100_000);
const PAIR_ACCOUNTS = Number(process.env.BENCH_QUEUE_PAIR_ACCOUNTS ?? 4_000);
/** The defaults of JOBS_PER_SECOND and JOBS_CONCURRENCY (src/bots/config/jobs.ts). */
const RATE = 150;
const CONCURRENCY = 48;
const INTERVAL_S = 15 * 60;
const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const redis = await startRedisServer();
const key = randomBytes(32);
const md5 = md5Hex('bench');

// The sandbox holds every account; one in ten is below the 5,00 threshold.
const most = Math.max(ACCOUNTS, PAIR_ACCOUNTS);
const sandbox = createSandbox({
  data: sweepSandboxData(most, md5),
});
await sandbox.listen();

// The fake platform: counts every alert it receives, per watcher.
const received = new Map<string, number>();
const platform = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.set(body, (received.get(body) ?? 0) + 1);
    res.end('{"ok":true}');
  });
});
await new Promise<void>((r) => platform.listen(0, '127.0.0.1', r));
const notifyUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/send`;

/** `n` watchers, each of one account, under a fresh prefix (a deployment of its own). */
async function seed(n: number): Promise<string> {
  const prefix = `b${randomBytes(3).toString('hex')}:`;
  const kv = await createRedisKeyValueStore({ url: redis.url, prefix: `${prefix}kv:` });
  const stores = createStores({ kv, keyring: keyringFromKeys(key) });
  const now = new Date().toISOString();
  const one = (i: number) => watchAccount(stores, i, md5, now);
  for (let i = 0; i < n; i += 500)
    await Promise.all(Array.from({ length: Math.min(500, n - i) }, (_, j) => one(i + j)));
  await stores.close();
  return prefix;
}

interface Instance {
  child: ChildProcess;
  items(): Promise<number>;
  stop(): Promise<void>;
}

/** One bot instance in its own process, with its worker running. */
async function instance(prefix: string): Promise<Instance> {
  const child = fork(new URL('./sweep-instance.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      REDIS_URL: redis.url,
      BENCH_PREFIX: prefix,
      SANDBOX_URL: sandbox.url,
      NOTIFY_URL: notifyUrl,
      BENCH_KEY: key.toString('base64'),
      JOBS_PER_SECOND: String(RATE),
      JOBS_CONCURRENCY: String(CONCURRENCY),
    },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance exited ${code}`)));
    child.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
  });
  return {
    child,
    items: () =>
      new Promise((resolve) => {
        const on = (m: { type: string; items: number }) => {
          if (m.type !== 'stats') return;
          child.off('message', on);
          resolve(m.items);
        };
        child.on('message', on);
        child.send({ type: 'stats' });
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

/**
 * Triggers one sweep and waits until no item waits, runs or waits for a retry: its duration in
 * seconds. `during` runs at every poll (the kill scenario uses it).
 */
async function sweep(prefix: string, limitS: number, during?: () => Promise<void>): Promise<number> {
  const jobs = createBullmqJobs({
    url: redis.url,
    prefix: `${prefix}q`,
    kinds: [],
    noWorker: true,
    perSecond: RATE,
    concurrency: 1,
    logger: silentLogger,
  });
  const started = performance.now();
  await jobs.trigger('alerts');
  const schedules = await jobs.queue.getJobSchedulersCount();
  for (;;) {
    await sleep(250);
    await during?.();
    const c = await jobs.queue.getJobCounts('wait', 'prioritized', 'active', 'delayed');
    const open = (c.wait ?? 0) + (c.prioritized ?? 0) + (c.active ?? 0) + (c.delayed ?? 0) - schedules;
    const seconds = (performance.now() - started) / 1000;
    if (open <= 0 || seconds > limitS) {
      await jobs.stop();
      return seconds;
    }
  }
}

const expected = (n: number) => Array.from({ length: n }, (_, i) => i).filter((i) => i % 10 === 0);
function tally(n: number) {
  const want = expected(n).map((i) => `w${i}`);
  const lost = want.filter((w) => !received.has(w)).length;
  const twice = [...received.values()].filter((c) => c > 1).length;
  const total = [...received.values()].reduce((a, b) => a + b, 0);
  return { want: want.length, lost, twice, total };
}

console.log(
  `bench:sweep (BullMQ): redis-server, instances as child processes, ${RATE} jobs/s queue-wide, ${CONCURRENCY} per instance`,
);

// Goal 3: 100,000 accounts, 250 ms, one instance.
if (ACCOUNTS > 0) await bigSweep();
async function bigSweep() {
  sandbox.setFaults({ global: { latencyMs: 250 } });
  received.clear();
  const bigPrefix = await seed(ACCOUNTS);
  const solo = await instance(bigPrefix);
  const bigS = await sweep(bigPrefix, 2 * INTERVAL_S);
  const big = tally(ACCOUNTS);
  await solo.stop();
  console.log(
    `one instance, ${ACCOUNTS} accounts at 250 ms: ${bigS.toFixed(1)} s (${(ACCOUNTS / bigS).toFixed(1)} accounts/s), ` +
      `${big.total} alerts of ${big.want}, ${big.lost} lost, ${big.twice} twice`,
  );
  console.log(
    `goal 3, ${ACCOUNTS} accounts fit the 15-minute interval on one instance: ${bigS.toFixed(1)} s / ${INTERVAL_S} s = ${(bigS / INTERVAL_S).toFixed(2)} → ${verdict(bigS <= INTERVAL_S && big.lost === 0 && big.twice === 0)}`,
  );
}

// Goal 4: 1,000 ms; one instance, then two, on the same sweep.
sandbox.setFaults({ global: { latencyMs: 1000 } });
received.clear();
const onePrefix = await seed(PAIR_ACCOUNTS);
const one = await instance(onePrefix);
const oneS = await sweep(onePrefix, 1800);
await one.stop();
received.clear();
const twoPrefix = await seed(PAIR_ACCOUNTS);
const pair = [await instance(twoPrefix), await instance(twoPrefix)];
const twoS = await sweep(twoPrefix, 1800);
const shares = await Promise.all(pair.map((p) => p.items()));
await Promise.all(pair.map((p) => p.stop()));
const pct = shares.map((s) => (100 * s) / Math.max(1, shares[0]! + shares[1]!));
const ratio = twoS / oneS;
console.log(
  `${PAIR_ACCOUNTS} accounts at 1000 ms: one instance ${oneS.toFixed(1)} s, two instances ${twoS.toFixed(1)} s; ` +
    `items ${shares.join(' + ')} (${pct.map((p) => `${p.toFixed(1)} %`).join(' / ')})`,
);
console.log(
  `goal 4, two instances share the sweep: shares ${pct.map((p) => p.toFixed(1)).join(' / ')} % (35–65), ` +
    `time ${twoS.toFixed(1)} / ${oneS.toFixed(1)} s = ${ratio.toFixed(2)} (≤ 0.6) → ${verdict(pct.every((p) => p >= 35 && p <= 65) && ratio <= 0.6)}`,
);

// Goal 5: two instances, one killed mid-sweep.
received.clear();
const killPrefix = await seed(PAIR_ACCOUNTS);
const [doomed, survivor] = [await instance(killPrefix), await instance(killPrefix)];
let killedAt: number | undefined;
const killS = await sweep(killPrefix, 1800, async () => {
  if (killedAt !== undefined) return;
  const alerts = [...received.values()].reduce((a, b) => a + b, 0);
  if (alerts < expected(PAIR_ACCOUNTS).length * 0.4) return;
  killedAt = alerts;
  doomed!.child.kill('SIGKILL');
});
await survivor!.stop();
const kill = tally(PAIR_ACCOUNTS);
console.log(
  `one of two instances SIGKILLed after ${killedAt ?? 0} of ${kill.want} alerts: the sweep ended in ${killS.toFixed(1)} s; ` +
    `${kill.total} alerts received, ${kill.lost} lost, ${kill.twice} twice`,
);
console.log(
  `goal 5, a killed instance loses no alert and repeats none: ${kill.lost} lost, ${kill.twice} twice → ${verdict(killedAt !== undefined && kill.lost === 0 && kill.twice === 0)}`,
);

platform.close();
await sandbox.close();
await redis.stop();
