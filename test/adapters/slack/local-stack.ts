import type { Core } from '../../../src/core/core.js';
import { type Identity, identityKey } from '../../../src/core/identity.js';
import { createCore } from '../../../src/core/index.js';
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
 * The real stack for the Slack end-to-end tests: the sandbox on 127.0.0.1, memory stores and the
 * real core, wired as `src/bots/runtime.ts` wires them. Kept here until the lead's shared
 * `test/helpers/stack.ts` lands; then these tests move to it.
 */
export interface LocalStack {
  core: Core;
  stores: Stores;
  sandbox: Sandbox;
  linkDemo(identity: Identity): Promise<void>;
  close(): Promise<void>;
}

export const DEMO = {
  account: { username: 'demo', password: 'demo' },
  card: { username: 'cards', password: 'cards' },
};

export async function createLocalStack(
  options: { confirmTtlMs?: number; clock?: () => Date } = {},
): Promise<LocalStack> {
  const sandbox = createSandbox({ random: () => 0.5 });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const stores = createStores({
    kv: createMemoryKeyValueStore(),
    keyring: keyringFromKeys(generateMasterKey()),
  });
  const transport = createTransport();
  const core = createCore({
    stores,
    rateLimit: false,
    ...(options.confirmTtlMs ? { confirmTtlMs: options.confirmTtlMs } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    clientFactory: (credentials) =>
      createTelephonyClient({
        baseUrl: sandbox.url,
        cardUrl: sandbox.cardUrl,
        credentials: credentials.account,
        cardCredentials: credentials.card,
        transport,
        timeoutMs: 10_000,
      }),
  });
  return {
    core,
    stores,
    sandbox,
    async linkDemo(identity) {
      const now = new Date().toISOString();
      await stores.credentials.set(identityKey(identity), {
        credentials: [
          {
            label: 'demo',
            kind: 'account',
            username: DEMO.account.username,
            md5: md5Hex(DEMO.account.password),
            linkedAt: now,
          },
          {
            label: 'demo-cards',
            kind: 'card',
            username: DEMO.card.username,
            md5: md5Hex(DEMO.card.password),
            linkedAt: now,
          },
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
