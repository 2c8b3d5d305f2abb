/**
 * `npm run bench:sweep` (in process, as without REDIS_URL): how long one low-balance sweep over 10,000 watched accounts takes against
 * the sandbox answering every request after 250 ms, and the provider calls per second it makes
 * (docs/proactive.md §1.3). Goals, each printed with MET or MISSED and measured in this one run:
 *
 * 1. The paced sweep (the defaults: 25 calls/s, 16 in flight, jitter) ends within the 15-minute
 *    sweep interval: duration / 900 s ≤ 1.
 * 2. It is a steady trickle: its busiest 5 seconds stay within 1.5 × the configured rate, side by side
 *    with the same sweep unpaced (16 in flight, as fast as the latency allows), the burst pacing avoids.
 *
 * BENCH_SWEEP_ACCOUNTS (default 10000), BENCH_SWEEP_LATENCY_MS (250), BENCH_SWEEP_RATE (25).
 */

import { randomBytes } from 'node:crypto';
import type { ClientFactory } from '../src/core/accounts/services.js';
import type { NotifyDestination } from '../src/core/ports/notify.js';
import { createProactive } from '../src/core/proactive/proactive.js';
import { createSandbox } from '../src/sandbox/index.js';
import { createMemoryKeyValueStore, createStores, keyringFromKeys } from '../src/store/index.js';
import { createTelephonyClient, createTransport, md5Hex } from '../src/telephony/index.js';
import { channelFromSend } from '../test/helpers/recording-notifier.js';
import { sweepSandboxData, watchAccount } from './sweep-accounts.js';

const ACCOUNTS = Number(process.env.BENCH_SWEEP_ACCOUNTS ?? 10_000);
const LATENCY_MS = Number(process.env.BENCH_SWEEP_LATENCY_MS ?? 250);
const RATE = Number(process.env.BENCH_SWEEP_RATE ?? 25);
const CONCURRENCY = 16;
const INTERVAL_S = 15 * 60;

const md5 = md5Hex('bench');
const sandbox = createSandbox({
  data: sweepSandboxData(ACCOUNTS, md5),
  faults: { global: { latencyMs: LATENCY_MS } },
});
await sandbox.listen();
const transport = createTransport({ connections: 64 });
const stores = createStores({ kv: createMemoryKeyValueStore(), keyring: keyringFromKeys(randomBytes(32)) });
const clientFactory: ClientFactory = (c) =>
  createTelephonyClient({
    baseUrl: sandbox.url,
    cardUrl: sandbox.cardUrl,
    credentials: c.account,
    transport,
  });

let sent = 0;
const notifier = channelFromSend('console', async (to: NotifyDestination) => {
  sent += 1;
  return { platform: 'console' as const, tenant: '', chatId: to.kind, messageId: String(sent) };
});

async function watch(): Promise<void> {
  const now = new Date().toISOString();
  for (let i = 0; i < ACCOUNTS; i++) {
    await watchAccount(stores, i, md5, now);
  }
}

const handled = () => Object.values(sandbox.stats().handled).reduce((a, b) => a + b, 0);

/** One sweep, sampling the provider's handled requests every second. */
async function sweep(perSecond: number) {
  for await (const sub of stores.proactive.alerts.list())
    await stores.proactive.alerts.put({ ...sub, armed: true, generation: sub.generation + 1 });
  sent = 0;
  const proactive = createProactive({ stores, clientFactory, pace: { perSecond, concurrency: CONCURRENCY } });
  proactive.attach(notifier);
  // Samples of (time, handled so far); the busiest 5 s window is read from them afterwards, so a
  // timer that fires late on a busy machine does not fold two seconds into one.
  const samples: [number, number][] = [[performance.now(), handled()]];
  const sampler = setInterval(() => samples.push([performance.now(), handled()]), 100);
  const first = handled();
  const started = performance.now();
  const result = await proactive.sweepAlerts();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  samples.push([performance.now(), handled()]);
  const calls = handled() - first;
  return { seconds, calls, perSecond: calls / seconds, peak: busiest(samples, 5_000), result, alerts: sent };
}

/** The highest rate, calls per second, over any window of `windowMs` (shorter runs: the whole run). */
function busiest(samples: [number, number][], windowMs: number): number {
  let peak = 0;
  let j = 0;
  for (let i = 0; i < samples.length; i++) {
    while (samples[i]![0] - samples[j]![0] > windowMs) j++;
    const span = samples[i]![0] - samples[j]![0];
    if (span >= Math.min(windowMs, samples.at(-1)![0] - samples[0]![0]) * 0.9 && span > 0)
      peak = Math.max(peak, ((samples[i]![1] - samples[j]![1]) * 1000) / span);
  }
  return Math.round(peak * 10) / 10;
}

const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
console.log(
  `bench:sweep: ${ACCOUNTS} watched accounts, sandbox latency ${LATENCY_MS} ms, ${CONCURRENCY} in flight`,
);
await watch();
const paced = await sweep(RATE);
console.log(
  `paced sweep (${RATE} calls/s cap): ${paced.seconds.toFixed(1)} s, ${paced.calls} provider calls, ` +
    `${paced.perSecond.toFixed(1)} calls/s on average, busiest 5 s at ${paced.peak} calls/s, ${paced.alerts} alerts, ${paced.result.failed} failed`,
);
const burst = await sweep(0);
console.log(
  `unpaced sweep (no cap):          ${burst.seconds.toFixed(1)} s, ${burst.calls} provider calls, ` +
    `${burst.perSecond.toFixed(1)} calls/s on average, busiest 5 s at ${burst.peak} calls/s, ${burst.alerts} alerts`,
);
const fits = paced.seconds / INTERVAL_S;
console.log(
  `goal 1, the sweep fits its 15-minute interval: ${paced.seconds.toFixed(1)} s / ${INTERVAL_S} s = ${fits.toFixed(2)} → ${verdict(fits <= 1)}`,
);
const steady = paced.peak / RATE;
console.log(
  `goal 2, a steady trickle: busiest 5 s at ${paced.peak} calls/s / cap ${RATE} = ${steady.toFixed(2)} (≤ 1.5), ` +
    `unpaced ${burst.peak} / ${RATE} = ${(burst.peak / RATE).toFixed(2)} → ${verdict(steady <= 1.5)}`,
);
await transport.close();
await sandbox.close();
await stores.close();
