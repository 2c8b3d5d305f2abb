import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { BotMetrics } from '../../src/bots/bot-metrics.js';
import { loadConfig } from '../../src/bots/config.js';
import { createRuntime, type Runtime } from '../../src/bots/runtime.js';
import type { Identity } from '../../src/core/identity.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import {
  createMemoryKeyValueStore,
  createStores,
  type Keyring,
  keyringFromKeys,
} from '../../src/store/index.js';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import type { Stores } from '../../src/store/stores.js';

export interface TestStackOptions {
  sandbox?: SandboxOptions;
  /** Share one store between several stacks (two instances, one Redis). */
  kv?: KeyValueStore;
  clock?: () => Date;
  /** Environment overrides, e.g. `{ RATE_LIMIT_PER_MINUTE: '0' }`. Default: rate limit off. */
  env?: Record<string, string>;
  logger?: Logger;
  /** Reuse a running sandbox instead of starting one. */
  sharedSandbox?: Sandbox;
  /** Credential keyring; instances sharing a store need the same one. Default: a fresh random key. */
  keyring?: Keyring;
  /** prom-client's metrics, as `npm start` passes them with an HTTP server. Default: none. */
  metrics?: BotMetrics;
  /** How often a shared store's data marker is looked for (data-marker.ts). Default 15 000 ms. */
  dataCheckEveryMs?: number;
}

export interface TestStack extends Runtime {
  sandbox: Sandbox;
  stores: Stores;
  /** Links the demo account (`demo`) and the PIN-creation account (`cards`) to `identity`. */
  linkDemo(identity: Identity): Promise<void>;
}

/**
 * The real stack for end-to-end tests: the sandbox on 127.0.0.1 (port 0), memory stores (or a
 * given KeyValueStore), and the real core through the same composition root as `npm start`.
 */
export async function createTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const sandbox = options.sharedSandbox ?? createSandbox({ ...options.sandbox });
  if (!options.sharedSandbox) await sandbox.listen({ port: 0 });
  const keyring = options.keyring ?? keyringFromKeys(randomBytes(32));
  // One clock for the core and the stores, so pending actions expire by the same time (ttl checks).
  const clock = options.clock;
  const stores = createStores({
    kv: options.kv ?? createMemoryKeyValueStore(),
    keyring,
    ...(clock ? { now: () => clock().getTime() } : {}),
    ...(options.dataCheckEveryMs ? { dataCheckEveryMs: options.dataCheckEveryMs } : {}),
  });
  const config = loadConfig({ RATE_LIMIT_PER_MINUTE: '0', TELEPHONY_TIMEOUT_MS: '5000', ...options.env });
  const runtime = await createRuntime(config, options.logger ?? pino({ level: 'silent' }), {
    stores,
    sandbox,
    clock: options.clock,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  return {
    ...runtime,
    sandbox,
    stores,
    async close() {
      await runtime.close();
      if (!options.sharedSandbox) await sandbox.close();
    },
  };
}
