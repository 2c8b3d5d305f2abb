import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { silentLogger } from '../../src/core/logs/logger.js';
import type { Channel } from '../../src/core/ports/channel.js';
import { createProactive } from '../../src/core/proactive/proactive.js';
import { type BullmqJobs, createBullmqJobs } from '../../src/jobs/bullmq-jobs.js';
import { openFailedJobs } from '../../src/jobs/failed-jobs.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { keyringFromKeys } from '../../src/store/index.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import {
  channelFromSend,
  createRecordingNotifier,
  type RecordingNotifier,
} from '../helpers/recording-notifier.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { SCHEDULES } from '../helpers/schedules.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';

const dm: ChatRef = { id: 'dm', kind: 'private' };
const watcher = (i: number): Identity => ({
  platform: 'telegram',
  tenant: '',
  user: String(100 + i),
  displayName: `W${i}`,
});

/** Resolves when `check` holds; polls, so a test waits for work without asserting how long it took. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The proactive jobs on BullMQ against a real redis-server (docs/proactive.md §5): the
 * schedules declared by every instance are one; a sweep fans out into a job per watched account; a
 * killed worker's jobs are finished by another with no alert lost or repeated; a stopping worker
 * finishes its jobs and takes no more; a job that keeps failing waits in the failed set for a retry.
 */
describe.skipIf(redisSkipped)('proactive jobs on BullMQ', () => {
  let redis: RedisServer;
  let sandbox: Sandbox;
  const keyring = keyringFromKeys(randomBytes(32));
  let open: { stack: TestStack; jobs: BullmqJobs }[] = [];
  let prefix = '';

  beforeAll(async () => {
    redis = await startRedisServer();
    sandbox = createSandbox({});
    await sandbox.listen({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
    await redis?.stop();
  });
  afterEach(async () => {
    sandbox.setBalance('demo', '18,40');
    for (const o of open) {
      await o.jobs.stop().catch(() => undefined);
      await o.stack.close();
    }
    open = [];
  });

  interface Instance {
    stack: TestStack;
    jobs: BullmqJobs;
    notifier: RecordingNotifier;
  }

  /** One bot instance on the shared Redis: its own store client, proactive core and worker. */
  async function instance(
    o: {
      notifier?: Channel;
      concurrency?: number;
      /** How long a claim is held while sending; the kill tests make it outlast the stall detection. */
      holdMs?: number;
      /** Every write of an alert's state hangs: the process "dies" right after its claims. */
      hangAlertWrites?: boolean;
    } = {},
  ): Promise<Instance & { jobs: BullmqJobs }> {
    const stack = await createTestStack({
      sharedSandbox: sandbox,
      keyring,
      kv: await createRedisKeyValueStore({ url: redis.url, prefix: `${prefix}kv:` }),
    });
    const alerts = stack.stores.proactive.alerts;
    const stores = o.hangAlertWrites
      ? {
          ...stack.stores,
          proactive: {
            ...stack.stores.proactive,
            // A job writes its state through `settle` (docs/reliability.md §8).
            alerts: { ...alerts, settle: () => new Promise<never>(() => {}) },
          },
        }
      : stack.stores;
    const proactive = createProactive({
      stores,
      clientFactory: stack.clientFactory,
      claimHoldMs: o.holdMs ?? 1_500,
      pace: { perSecond: 0 },
    });
    const notifier = createRecordingNotifier('telegram');
    proactive.attach(o.notifier ?? notifier);
    const jobs = createBullmqJobs({
      url: redis.url,
      prefix: `${prefix}q`,
      kinds: proactive.jobKinds(),
      perSecond: 1000,
      concurrency: o.concurrency ?? 4,
      // 0.4 + 0.8 + 1.6 + 3.2 s of backoff: past a 3 s hold.
      retry: { attempts: 5, backoffMs: o.holdMs ? 400 : 200 },
      lockDurationMs: 1_000,
      depthsEveryMs: 50,
      logger: silentLogger,
    });
    open.push({ stack, jobs });
    return { stack, jobs, notifier };
  }

  /** `n` people watching the demo account below 5,00; the balance then falls to 4,00. */
  async function watchers(stack: TestStack, n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      await stack.linkDemo(watcher(i));
      await stack.core.handleText({ identity: watcher(i), chat: dm, text: '/alert 5' });
    }
    expect(sandbox.setBalance('demo', '4,00')).toBe(true);
  }

  const sentTo = (...ns: RecordingNotifier[]) =>
    ns.flatMap((n) => n.sent.map((s) => (s.to.kind === 'user' ? s.to.user : s.to.chatId))).sort();
  const everyone = (n: number) => Array.from({ length: n }, (_, i) => String(100 + i)).sort();
  /** No item waiting, running or delayed for a retry (each schedule's next tick stays delayed). */
  const drained = async (jobs: BullmqJobs) => {
    const d = await jobs.readDepths();
    const retrying = (await jobs.queue.getDelayed()).filter((j) => j.name === 'item');
    return d.waiting + d.active === 0 && retrying.length === 0;
  };

  it('two instances declare the schedules: one schedule each, one next tick each', async () => {
    prefix = `t1-${randomBytes(3).toString('hex')}:`;
    const [a, b] = [await instance(), await instance()];
    await Promise.all([a.jobs.start(), b.jobs.start()]);
    await b.jobs.start(); // a restart declares them again
    const kinds = [...SCHEDULES];
    const schedulers = await a.jobs.queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual(kinds);
    expect(schedulers.find((s) => s.key === 'alerts')?.pattern).toBe('*/15 * * * *');
    // Each schedule has exactly one tick waiting for its time, not one per instance.
    const ticks = await a.jobs.queue.getDelayed();
    expect(ticks.map((j) => j.data.kind).sort()).toEqual(kinds);
    // Idle, the depth an operator alerts on reads 0: the schedules' next ticks are not work waiting.
    expect(await a.jobs.readDepths()).toMatchObject({ waiting: 0, active: 0, delayed: 0 });
  });

  it('a sweep fans out into one job per watched account over both workers; each alert once', async () => {
    prefix = `t2-${randomBytes(3).toString('hex')}:`;
    const [a, b] = [await instance({ concurrency: 2 }), await instance({ concurrency: 2 })];
    await watchers(a.stack, 12);
    await Promise.all([a.jobs.start(), b.jobs.start()]);
    await a.jobs.trigger('alerts');
    await until(
      async () => sentTo(a.notifier, b.notifier).length === 12 && (await drained(a.jobs)),
      'alerts',
    );
    expect(sentTo(a.notifier, b.notifier)).toEqual(everyone(12));
    // One tick and twelve items, each a job of its own.
    await until(() => a.jobs.depths().completedHere + b.jobs.depths().completedHere === 13, 'counts');
    // Disarmed: the next sweep sends nothing more.
    await a.jobs.trigger('alerts');
    await until(() => a.jobs.depths().completedHere + b.jobs.depths().completedHere === 26, 'second sweep');
    expect(sentTo(a.notifier, b.notifier)).toEqual(everyone(12));
  });

  it('a worker killed while sending: another finishes its jobs, no alert lost', async () => {
    prefix = `t3-${randomBytes(3).toString('hex')}:`;
    // A's platform never answers: A dies with claims taken and nothing sent.
    let hung = 0;
    const dead = channelFromSend(
      'telegram',
      () => {
        hung += 1;
        return new Promise(() => {});
      },
      () => new Promise(() => {}),
    );
    // The claims A took outlast the 2 s it takes to see A dead: B's first tries find them held.
    const a = await instance({ notifier: dead, concurrency: 3, holdMs: 3_000 });
    await watchers(a.stack, 6);
    await a.jobs.start();
    await a.jobs.trigger('alerts');
    await until(() => hung === 3, 'A to hang on three sends');
    await a.jobs.worker!.close(true); // killed: no lock renewed, nothing finished
    const b = await instance({ concurrency: 3, holdMs: 3_000 });
    await b.jobs.start();
    await until(async () => sentTo(b.notifier).length === 6 && (await drained(b.jobs)), 'B to finish');
    expect(sentTo(b.notifier)).toEqual(everyone(6));
  });

  it('a worker killed after sending, before its job was marked done: the retry sends nothing twice', async () => {
    prefix = `t4-${randomBytes(3).toString('hex')}:`;
    // A sends and confirms the claim, then dies before writing the alert's new state.
    const a = await instance({ concurrency: 3, hangAlertWrites: true });
    await watchers(a.stack, 6);
    await a.jobs.start();
    await a.jobs.trigger('alerts');
    await until(() => a.notifier.sent.length === 3, 'A to send three');
    await a.jobs.worker!.close(true);
    const b = await instance({ concurrency: 3 });
    await b.jobs.start();
    await until(async () => sentTo(a.notifier, b.notifier).length >= 6 && (await drained(b.jobs)), 'B');
    expect(sentTo(a.notifier, b.notifier)).toEqual(everyone(6));
    expect(b.notifier.sent).toHaveLength(3);
  });

  it('stop waits for the jobs in flight and takes no more; another instance does the rest', async () => {
    prefix = `t5-${randomBytes(3).toString('hex')}:`;
    let open1: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open1 = r;
    });
    const slow = createRecordingNotifier('telegram');
    const open = slow.open.bind(slow);
    slow.open = (to) => {
      const conv = open(to);
      return {
        ...conv,
        post: async (reply) => {
          await gate;
          return conv.post(reply);
        },
      };
    };
    const a = await instance({ notifier: slow, concurrency: 2 });
    await watchers(a.stack, 6);
    await a.jobs.start();
    await a.jobs.trigger('alerts');
    await until(async () => (await a.jobs.readDepths()).active === 2, 'two alerts in flight');
    let stopped = false;
    const stopping = a.jobs.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(stopped).toBe(false);
    open1();
    await stopping;
    expect(slow.sent).toHaveLength(2);
    const b = await instance({ concurrency: 2 });
    expect(await b.jobs.readDepths()).toMatchObject({ active: 0, failed: 0 });
    expect((await b.jobs.readDepths()).waiting).toBe(4);
    await b.jobs.start();
    await until(async () => sentTo(slow, b.notifier).length === 6 && (await drained(b.jobs)), 'B');
    expect(sentTo(slow, b.notifier)).toEqual(everyone(6));
  });

  it('a job that keeps failing ends in the failed set; `jobs retry` runs it again, once', async () => {
    prefix = `t6-${randomBytes(3).toString('hex')}:`;
    const a = await instance();
    await watchers(a.stack, 1);
    a.notifier.failNext(1_000);
    await a.jobs.start();
    await a.jobs.trigger('alerts');
    const failed = openFailedJobs({ url: redis.url, prefix: `${prefix}q` });
    try {
      await until(async () => (await failed.list(10)).total === 1, 'the failed set');
      const { jobs } = await failed.list(10);
      expect(jobs[0]).toMatchObject({ kind: 'alerts', name: 'item', attempts: 5 });
      expect(jobs[0]!.reason).toBe('DeliveryFailedError, code DELIVERY_FAILED');
      await until(() => a.jobs.depths().failedHere === 1, 'the failure counted');
      expect(a.notifier.sent).toHaveLength(0);
      a.notifier.failNext(0);
      expect(await failed.retry('nope')).toBe(0);
      expect(await failed.retry(jobs[0]!.id)).toBe(1);
      await until(() => a.notifier.sent.length === 1, 'the retried alert');
      await until(async () => (await failed.list(10)).total === 0, 'an empty failed set');
      expect(await failed.retry('all')).toBe(0);
    } finally {
      await failed.close();
    }
  });
});
