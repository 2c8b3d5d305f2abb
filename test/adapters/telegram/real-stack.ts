import { type Core, createCore } from '../../../src/core/index.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import {
  createMemoryKeyValueStore,
  createStores,
  generateMasterKey,
  keyringFromKeys,
} from '../../../src/store/index.js';
import type { Stores } from '../../../src/store/stores.js';
import { createTelephonyClient, createTransport, md5Hex } from '../../../src/telephony/index.js';

/**
 * The real core on memory stores, talking HTTP to the sandbox on 127.0.0.1, for `bench/telegram.ts`.
 * The tests use `test/helpers/stack.ts`; the bench needs its own because it sizes the provider
 * connection pool for 500 chats in flight (`createRuntime` uses the transport's default of 16).
 */
export interface RealStack {
  core: Core;
  stores: Stores;
  sandbox: Sandbox;
  /** Links the sandbox's demo account (and its card account) to `telegram::<userId>`. */
  linkDemo(userId: number): Promise<void>;
  close(): Promise<void>;
}

export interface RealStackOptions {
  /** Connections per provider origin; the bench needs as many as chats in flight. Default 16. */
  connections?: number;
  confirmTtlMs?: number;
  clock?: () => Date;
}

export async function startRealStack(options: RealStackOptions = {}): Promise<RealStack> {
  const sandbox = createSandbox();
  await sandbox.listen();
  const stores = createStores({
    kv: createMemoryKeyValueStore(),
    keyring: keyringFromKeys(generateMasterKey()),
  });
  const transport = createTransport({ connections: options.connections ?? 16 });
  const core = createCore({
    stores,
    rateLimit: false,
    ...(options.confirmTtlMs !== undefined ? { confirmTtlMs: options.confirmTtlMs } : {}),
    clock: options.clock,
    clientFactory: (credentials) =>
      createTelephonyClient({
        baseUrl: sandbox.url,
        cardUrl: sandbox.cardUrl,
        credentials: credentials.account,
        cardCredentials: credentials.card,
        transport,
      }),
  });
  return {
    core,
    stores,
    sandbox,
    async linkDemo(userId) {
      const now = new Date().toISOString();
      await stores.credentials.set(`telegram::${userId}`, {
        credentials: [
          { label: 'demo', kind: 'account', username: 'demo', md5: md5Hex('demo'), linkedAt: now },
          { label: 'demo-cards', kind: 'card', username: 'cards', md5: md5Hex('cards'), linkedAt: now },
        ],
        active: 'demo',
      });
    },
    async close() {
      await transport.close();
      await stores.close();
      await sandbox.close();
    },
  };
}
