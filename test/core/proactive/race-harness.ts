import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientFactory } from '../../../src/core/accounts/services.js';
import type { ChatRef, Identity } from '../../../src/core/identity.js';
import { createProactive, type Proactive } from '../../../src/core/proactive/proactive.js';
import type { Reply } from '../../../src/core/reply.js';
import { createMemoryKeyValueStore, createSqliteKeyValueStore } from '../../../src/store/index.js';
import type { KeyValueStore } from '../../../src/store/key-value-store.js';
import { createRedisKeyValueStore } from '../../../src/store/redis-key-value-store.js';
import { createRecordingNotifier, type RecordingNotifier } from '../../helpers/recording-notifier.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { testClock } from '../guard/guard-harness.js';

/**
 * The race harness of docs/reliability.md §8: a job and a person's command on the same record,
 * their order forced without sleeps. The command runs inside the job at one of two points:
 * `read`, right after the job's provider read returned (the job holds what it read); `write`,
 * right before the job's first write to the record's key (or its lock) reaches the store.
 */
export type RacePoint = 'read' | 'write';

/** A KeyValueStore whose next write to a key under `prefix` first runs `step` (once). */
export function interleavingKv(kv: KeyValueStore) {
  let armed: { prefix: string; step: () => Promise<void> } | undefined;
  let fired = false;
  const writes = new Set<PropertyKey>(['set', 'delete', 'setIfAbsent']);
  const store = new Proxy(kv, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...a: unknown[]) => unknown;
      if (!writes.has(prop)) return fn.bind(target);
      return async (key: string, ...rest: unknown[]) => {
        const a = armed;
        if (a && (key.startsWith(a.prefix) || key.startsWith(`lock:${a.prefix}`))) {
          armed = undefined;
          fired = true;
          await a.step();
        }
        return fn.apply(target, [key, ...rest]);
      };
    },
  });
  return {
    kv: store,
    beforeWrite(prefix: string, step: () => Promise<void>) {
      armed = { prefix, step };
      fired = false;
    },
    fired: () => fired,
  };
}

/**
 * Clients whose next read among `methods` runs `step` before its answer is handed back, or whose
 * next call of one named method runs `step` before it is sent (once each).
 */
export function interleavingClients(factory: ClientFactory) {
  let armed: (() => Promise<void>) | undefined;
  let before: { method: PropertyKey; step: () => Promise<void> } | undefined;
  let fired = false;
  const reads = new Set<PropertyKey>(['onlinecallthrough', 'cdrs', 'show']);
  const clients: ClientFactory = (credentials) => {
    const client = factory(credentials);
    return new Proxy(client, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        const fn = value as (...a: unknown[]) => Promise<unknown>;
        if (!reads.has(prop) && before?.method !== prop) return fn.bind(target);
        return async (...args: unknown[]) => {
          const first = before?.method === prop ? before.step : undefined;
          if (first) {
            before = undefined;
            fired = true;
            await first();
          }
          const answer = await fn.apply(target, args);
          const step = reads.has(prop) ? armed : undefined;
          if (step) {
            armed = undefined;
            fired = true;
            await step();
          }
          return answer;
        };
      },
    });
  };
  return {
    clients,
    afterRead(step: () => Promise<void>) {
      armed = step;
      fired = false;
    },
    beforeCall(method: string, step: () => Promise<void>) {
      before = { method, step };
      fired = false;
    },
    fired: () => fired,
  };
}

/** Where the records live: each store the bot runs on. */
export interface Backend {
  name: string;
  open(): Promise<{ kv: KeyValueStore; cleanUp(): void }>;
}

export const memoryBackend: Backend = {
  name: 'memory',
  open: async () => ({ kv: createMemoryKeyValueStore(), cleanUp() {} }),
};

export const sqliteBackend: Backend = {
  name: 'SQLite',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'race-'));
    return {
      kv: createSqliteKeyValueStore({ path: join(dir, 'bot.sqlite') }),
      cleanUp: () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

let redisPrefix = 0;
export const redisBackend = (url: () => string): Backend => ({
  name: 'Redis',
  async open() {
    const kv = await createRedisKeyValueStore({ url: url(), prefix: `race${++redisPrefix}:` });
    return { kv, cleanUp() {} };
  },
});

/** One bot on one store, with its own proactive jobs on interleaving clients. */
export interface RaceWorld {
  stack: TestStack;
  proactive: Proactive;
  notifier: RecordingNotifier;
  clock: ReturnType<typeof testClock>;
  hooks: { kv: ReturnType<typeof interleavingKv>; clients: ReturnType<typeof interleavingClients> };
  say(text: string, as?: Identity, chat?: ChatRef): Promise<Reply[]>;
  close(): Promise<void>;
}

export const alice: Identity = { platform: 'telegram', tenant: '', user: '1', displayName: 'Alice' };
export const dm: ChatRef = { id: '1', kind: 'private' };

export async function openWorld(backend: Backend, start: string): Promise<RaceWorld> {
  const clock = testClock(start);
  const opened = await backend.open();
  const kv = interleavingKv(opened.kv);
  const stack = await createTestStack({ kv: kv.kv, clock: clock.now, sandbox: { clock: clock.now } });
  const clients = interleavingClients(stack.clientFactory);
  const proactive = createProactive({
    stores: stack.stores,
    clientFactory: clients.clients,
    clock: clock.now,
    pace: { perSecond: 0 },
    refsFor: stack.core.refsFor,
  });
  const notifier = createRecordingNotifier('telegram');
  proactive.attach(notifier);
  await stack.linkDemo(alice);
  return {
    stack,
    proactive,
    notifier,
    clock,
    hooks: { kv, clients },
    say: (text, as = alice, chat = dm) => stack.core.handleText({ identity: as, chat, text }),
    async close() {
      await stack.close();
      opened.cleanUp();
    },
  };
}

/** Every record under a store's list, for the checks. */
export async function all<T>(records: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of records) out.push(r);
  return out;
}

/** A money value as a decimal, for checks that should not depend on the scale it is kept in. */
export const decimal = (m: { minor: number; scale: number } | undefined) =>
  m ? m.minor / 10 ** m.scale : undefined;
