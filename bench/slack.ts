/**
 * `npm run bench:slack` (issue 6 "Benchmark"): the Slack channel in HTTP mode with real bolt, the
 * real core and the sandbox at 2 s latency. 200 signed `/tel balance` commands are sent at once;
 * it prints the acknowledgement latency (p50, p99) and the time until every final answer reached
 * the fake `response_url`. Goal: p99 ack ≤ 150 ms, 5 % of Slack's 3 s budget.
 */

import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { createSlackChannel } from '../src/adapters/slack/index.js';
import { createHealthServer } from '../src/bots/health-server.js';
import { identityKey } from '../src/core/identity.js';
import { createCore } from '../src/core/index.js';
import {
  createMemoryKeyValueStore,
  createStores,
  generateMasterKey,
  keyringFromKeys,
} from '../src/store/index.js';
import { createTelephonyClient, createTransport, md5Hex } from '../src/telephony/index.js';

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 200);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 2000);
const SECRET = 'bench-signing-secret';
/** Sockets to the provider. The transport's default is 16, which queues 200 slow calls (see README). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? COMMANDS);
const GOAL_P99_MS = 150;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Starts a TypeScript worker; worker threads do not inherit tsx's loader, so it registers it first. */
function tsWorker(file: string): Worker {
  const entry = new URL(file, import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    {
      eval: true,
    },
  );
}

async function main(): Promise<void> {
  const provider = tsWorker('./slack-sandbox-worker.ts');
  const slackSide = tsWorker('./slack-load-worker.ts');
  // Both are listened for at once: a worker's message with no listener yet would be lost.
  const [[ready], [fake]] = (await Promise.all([once(provider, 'message'), once(slackSide, 'message')])) as [
    [{ url: string; cardUrl: string }],
    [{ apiUrl: string }],
  ];
  const stores = createStores({
    kv: createMemoryKeyValueStore(),
    keyring: keyringFromKeys(generateMasterKey()),
  });
  const transport = createTransport({ connections: CONNECTIONS });
  const core = createCore({
    stores,
    rateLimit: false,
    clientFactory: (credentials) =>
      createTelephonyClient({
        baseUrl: ready.url,
        cardUrl: ready.cardUrl,
        credentials: credentials.account,
        cardCredentials: credentials.card,
        transport,
        timeoutMs: LATENCY_MS + 10_000,
      }),
  });
  const channel = createSlackChannel({
    core,
    botToken: 'xoxb-bench',
    signingSecret: SECRET,
    apiUrl: fake.apiUrl,
    dedupe: stores.dedupe,
  });
  // Served as src/bots serves it: mounted on the bot's one HTTP server.
  const server = createHealthServer({ port: 0, host: '127.0.0.1' });
  server.mount(channel.http!.path, channel.http!.handler, { maxBodyBytes: channel.http!.maxBodyBytes });
  await server.listen();
  await channel.start();
  const url = `http://127.0.0.1:${server.port}/slack/events`;
  // One linked user per command, so no per-user state serialises them.
  const md5 = md5Hex('demo');
  for (let i = 0; i < COMMANDS; i++) {
    await stores.credentials.set(identityKey({ platform: 'slack', tenant: 'T1', user: `U${i}` }), {
      credentials: [
        { label: 'demo', kind: 'account', username: 'demo', md5, linkedAt: new Date().toISOString() },
      ],
      active: 'demo',
    });
  }
  // Warm-up (one command at normal latency), then the provider slows down, then the load.
  slackSide.postMessage({ url, secret: SECRET, commands: COMMANDS });
  await once(slackSide, 'message');
  provider.postMessage({ latencyMs: LATENCY_MS });
  await once(provider, 'message');
  slackSide.postMessage({ type: 'go' });
  const [r] = (await once(slackSide, 'message')) as [
    { acks: number[]; ackedMs: number; doneMs: number; answers: number; failed: number; non200: number },
  ];
  const acks = [...r.acks].sort((a, b) => a - b);
  const p50 = percentile(acks, 50);
  const p99 = percentile(acks, 99);
  console.log(
    `Slack channel, ${COMMANDS} concurrent signed slash commands, sandbox latency ${LATENCY_MS} ms, ${CONNECTIONS} provider sockets`,
  );
  console.log(
    `  ack latency   p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   max ${acks.at(-1)!.toFixed(1)} ms`,
  );
  console.log(`  all acked after ${r.ackedMs.toFixed(0)} ms (${r.non200} not 200)`);
  console.log(
    `  every final answer at the response_url after ${r.doneMs.toFixed(0)} ms (${r.answers} answers, ${r.failed} errors)`,
  );
  console.log(`  goal p99 ack ≤ ${GOAL_P99_MS} ms: ${p99 <= GOAL_P99_MS ? 'met' : 'MISSED'}`);
  await channel.stop();
  await server.close();
  await transport.close();
  await stores.close();
  await provider.terminate();
  await slackSide.terminate();
  if (p99 > GOAL_P99_MS || r.failed > 0 || r.non200 > 0) process.exitCode = 1;
}

await main();
