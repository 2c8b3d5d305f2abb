/**
 * One bot instance for `npm run bench:sweep` (the BullMQ goals): its own process, store client,
 * provider transport (the default sockets) and worker, as a deployment runs them. It alerts through
 * a notifier that posts to the bench's fake platform (which counts every alert it receives), and
 * answers `{ type: 'stats' }` over IPC with the items it finished. The bench SIGKILLs one of them.
 *
 * Environment: REDIS_URL, BENCH_PREFIX, SANDBOX_URL, NOTIFY_URL, BENCH_KEY (base64 master key),
 * JOBS_PER_SECOND, JOBS_CONCURRENCY.
 */

import type { ClientFactory } from '../src/core/accounts/services.js';
import { silentLogger } from '../src/core/logs/logger.js';
import type { NotifyDestination } from '../src/core/ports/notify.js';
import { createProactive } from '../src/core/proactive/proactive.js';
import { createBullmqJobs } from '../src/jobs/bullmq-jobs.js';
import { createStores, keyringFromKeys } from '../src/store/index.js';
import { createRedisKeyValueStore } from '../src/store/redis-key-value-store.js';
import { createTelephonyClient, createTransport } from '../src/telephony/index.js';
import { channelFromSend } from '../test/helpers/recording-notifier.js';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const prefix = env('BENCH_PREFIX');
const url = env('REDIS_URL');
const sandboxUrl = env('SANDBOX_URL');
const notifyUrl = env('NOTIFY_URL');
const kv = await createRedisKeyValueStore({ url, prefix: `${prefix}kv:` });
const stores = createStores({ kv, keyring: keyringFromKeys(Buffer.from(env('BENCH_KEY'), 'base64')) });
// The bot's default: TELEPHONY_CONNECTIONS 64.
const transport = createTransport({ connections: 64 });
const clientFactory: ClientFactory = (c) =>
  createTelephonyClient({ baseUrl: sandboxUrl, credentials: c.account, transport });
const proactive = createProactive({ stores, clientFactory });
let sent = 0;
proactive.attach(
  channelFromSend('console', async (to: NotifyDestination) => {
    const res = await fetch(notifyUrl, { method: 'POST', body: to.kind === 'user' ? to.user : to.chatId });
    if (!res.ok) throw Object.assign(new Error('notifier refused'), { code: `HTTP_${res.status}` });
    sent += 1;
    return { platform: 'console', tenant: '', chatId: 'x', messageId: String(sent) };
  }),
);
// Schedules far away: the bench triggers its sweeps itself, so no tick of the clock interferes.
const never = '0 0 1 1 *';
const jobs = createBullmqJobs({
  url,
  prefix: `${prefix}q`,
  kinds: proactive.jobKinds({ alerts: never, callReports: never, digests: never }),
  perSecond: Number(env('JOBS_PER_SECOND')),
  concurrency: Number(env('JOBS_CONCURRENCY')),
  logger: silentLogger,
});
let items = 0;
jobs.worker?.on('completed', (job) => {
  if (job.name === 'item') items += 1;
});
await jobs.start();
process.on('message', (m: { type: string }) => {
  if (m.type === 'stats') process.send?.({ type: 'stats', items });
  if (m.type === 'stop')
    void jobs
      .stop()
      .then(() => transport.close())
      .then(() => stores.close())
      .then(() => process.exit(0));
});
process.send?.({ type: 'ready' });
