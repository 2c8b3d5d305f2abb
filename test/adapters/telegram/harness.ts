import { createTelegramChannel, type TelegramChannelOptions } from '../../../src/adapters/telegram/index.js';
import type { HealthServer } from '../../../src/bots/health-server.js';
import type { Core } from '../../../src/core/core.js';
import type { DedupeStore, SettingsStore } from '../../../src/core/ports/stores.js';
import {
  createDedupeStore,
  createMemoryKeyValueStore,
  createSettingsStore,
} from '../../../src/store/index.js';
import { FakeTelegram, type FakeUser } from '../../helpers/fake-telegram.js';
import { serveMount } from '../../helpers/serve-mount.js';

export const alice: FakeUser = { id: 1001, first_name: 'Alice', username: 'alice', language_code: 'en' };
export const bob: FakeUser = { id: 1002, first_name: 'Bob <b>', username: 'bob' };
export const group = { id: -2001, type: 'supergroup' as const, title: 'Team' };

export interface Harness {
  telegram: FakeTelegram;
  channel: ReturnType<typeof createTelegramChannel>;
  /** Webhook mode: the bot's HTTP server the webhook is mounted on. */
  server: HealthServer | undefined;
  dedupe: DedupeStore;
  settings: SettingsStore;
  logs: { level: string; obj: object; msg?: string }[];
  close(): Promise<void>;
}

/** The channel on real grammY against the fake Bot API, with memory stores. Started unless `startNow` is false. */
export async function startHarness(
  core: Core,
  overrides: Partial<TelegramChannelOptions> = {},
  shared?: { telegram?: FakeTelegram; dedupe?: DedupeStore },
  startNow = true,
): Promise<Harness> {
  const telegram = shared?.telegram ?? (await FakeTelegram.start());
  const kv = createMemoryKeyValueStore();
  const dedupe = overrides.dedupe ?? shared?.dedupe ?? createDedupeStore({ kv });
  const settings = createSettingsStore({ kv });
  const logs: Harness['logs'] = [];
  const log = (level: string) => (obj: object, msg?: string) =>
    logs.push({ level, obj, ...(msg ? { msg } : {}) });
  const channel = createTelegramChannel({
    core,
    token: telegram.token,
    mode: 'polling',
    apiRoot: telegram.apiRoot,
    dedupe,
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    pollingTimeoutSeconds: 1,
    ...overrides,
  });
  // Webhook mode: mounted on the bot's HTTP server as src/bots does, before start().
  const server = channel.webhook ? await serveMount(channel.webhook, channel.receiving) : undefined;
  if (startNow) await channel.start();
  return {
    telegram,
    channel,
    server,
    dedupe,
    settings,
    logs,
    async close() {
      await channel.stop();
      await server?.close();
      if (!shared?.telegram) await telegram.close();
    },
  };
}

/** A promise with its resolve function, to hold the fake core at a known point. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
