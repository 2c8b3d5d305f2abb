import { join } from 'node:path';
import type { Logger } from 'pino';
import { type Identity, identityKey } from '../core/identity.js';
import {
  type ClientFactory,
  type Core,
  createCore,
  recoverInterrupted,
  refsForPlatforms,
} from '../core/index.js';
import { createProactive, type Proactive } from '../core/proactive/proactive.js';
import { createSandbox, type Sandbox } from '../sandbox/index.js';
import {
  checkKeyring,
  createInstallationStore,
  createKeyValueStoreFromConfig,
  createStores,
  type InstallationStore,
} from '../store/index.js';
import type { Stores } from '../store/stores.js';
import { createTelephonyClient, createTransport, md5Hex, type Transport } from '../telephony/index.js';
import type { Config } from './config.js';
import { resolveKeyring, storeConfigOf } from './store-config.js';

export interface Runtime {
  core: Core;
  /** Alerts, call reports and digests (issue 15); channels attach their notifiers to it. */
  proactive: Proactive;
  /** Signed clients on the shared transport, for stored credentials. */
  clientFactory: ClientFactory;
  stores: Stores;
  /** Chat-platform installations (Slack OAuth, issue 16), sealed in the same store; absent with injected stores. */
  installations: InstallationStore | undefined;
  sandbox: Sandbox | undefined;
  baseUrl: string;
  keyCreatedAt: string | undefined;
  logger: Logger;
  /** Links the sandbox demo accounts to an identity, so `/balance` works at once (issue 4). */
  linkDemo(identity: Identity): Promise<void>;
  close(): Promise<void>;
}

/** Demo credentials of the shipped sandbox seed (public demo data, src/sandbox/demo-data.yaml). */
export const DEMO = {
  account: { username: 'demo', password: 'demo' },
  card: { username: 'cards', password: 'cards' },
};

/**
 * The composition root shared by `npm start`, the CLI and the tests: provider (real or embedded
 * sandbox), one shared transport, the stores, and the core.
 */
export async function createRuntime(
  config: Config,
  logger: Logger,
  overrides: { stores?: Stores; sandbox?: Sandbox; clock?: () => Date } = {},
): Promise<Runtime> {
  // Stores first: a refused store (a second instance on one SQLite DATA_DIR, an unreachable Redis)
  // must fail the start before anything listens, so the process can exit with its message.
  let keyCreatedAt: string | undefined;
  let installations: InstallationStore | undefined;
  let stores = overrides.stores;
  if (!stores) {
    const { keyring, createdAt } = await resolveKeyring(config);
    keyCreatedAt = createdAt;
    const where = storeConfigOf(config);
    const storeLog = logger.child({ component: 'store' });
    const kv = await createKeyValueStoreFromConfig(
      where.kind === 'redis'
        ? {
            ...where,
            // Issue 10: an outage is loud. /readyz turns 503 and commands are answered "temporarily
            // unavailable" meanwhile; the client reconnects by itself.
            onError: (err) =>
              storeLog.error(
                { err: { message: (err as Error).message, code: (err as { code?: unknown }).code } },
                'shared store (Redis) unreachable: commands are refused until it returns',
              ),
            onRecovered: () => storeLog.info({}, 'shared store (Redis) reachable again'),
          }
        : where,
    );
    // A wrong master key fails the start here, not every command later (issue 10).
    await checkKeyring(kv, keyring).catch(async (err: unknown) => {
      await kv.close();
      throw err;
    });
    stores = createStores({ kv, keyring });
    installations = createInstallationStore({ kv, keyring });
  }
  const openedStores = overrides.stores ? undefined : stores;
  let sandbox = overrides.sandbox;
  let ownSandbox = false;
  let baseUrl = config.TELEPHONY_BASE_URL;
  if (!baseUrl) {
    if (!sandbox) {
      sandbox = createSandbox({
        data: config.SANDBOX_DATA,
        persistPath: config.SANDBOX_PERSIST ?? join(config.DATA_DIR, 'sandbox-state.json'),
        logger: (line) => logger.debug({ sandbox: line }, 'sandbox request'),
        ...(config.SANDBOX_LATENCY_MS > 0
          ? { faults: { global: { latencyMs: config.SANDBOX_LATENCY_MS } } }
          : {}),
      });
      // All or nothing (issue 12): a sandbox that cannot listen leaves no store open behind it.
      await sandbox.listen({ port: config.SANDBOX_PORT }).catch(async (err: unknown) => {
        await openedStores?.close();
        throw err;
      });
      ownSandbox = true;
    }
    baseUrl = sandbox.url;
  }
  const cardUrl =
    config.TELEPHONY_CARD_URL ?? (sandbox && !config.TELEPHONY_BASE_URL ? sandbox.cardUrl : undefined);
  const transport: Transport = createTransport({ connections: config.TELEPHONY_CONNECTIONS });
  const clientLogger = logger.child({ component: 'telephony' });
  // One provider, one clock: every per-user client shares what any of them learned (provider-notes 1.2).
  const clockSkew = { offsetMs: 0 };
  const clientFactory: ClientFactory = (credentials) =>
    createTelephonyClient({
      baseUrl: baseUrl!,
      cardUrl,
      credentials: credentials.account,
      cardCredentials: credentials.card,
      transport,
      clockSkew,
      timeoutMs: config.TELEPHONY_TIMEOUT_MS,
      logger: clientLogger,
    });
  // Slack users type `/tel balance`; messages name commands that way there (issue 11).
  const commandPrefix = { slack: `${config.SLACK_COMMAND} ` };
  const core = createCore({
    stores,
    clock: overrides.clock,
    logger: logger.child({ component: 'core' }),
    maxCommandAgeMs: config.COMMAND_MAX_AGE_MS,
    secretTtlMs: config.SECRET_DELETE_MINUTES * 60_000,
    commandPrefix,
    rateLimit:
      config.RATE_LIMIT_PER_MINUTE > 0 ? { limit: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 } : false,
    clientFactory,
  });
  const proactive = createProactive({
    stores,
    clientFactory,
    // Alerts and digests name commands as replies do: `/tel alert` in Slack.
    refsFor: refsForPlatforms(
      commandPrefix,
      core.commands.flatMap((c) => [c.name, ...c.aliases]),
    ),
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    logger: logger.child({ component: 'proactive' }),
    alertMarginPercent: config.ALERT_REARM_MARGIN_PERCENT,
    pace: { perSecond: config.ALERT_SWEEP_PER_SECOND, concurrency: config.ALERT_SWEEP_CONCURRENCY },
  });
  const finalStores = stores;
  // Write-ahead audit (issue 10): attempts left open by the last stop are closed as unknown and
  // their users told. With Redis another instance may still be waiting on its provider, so only
  // attempts older than any request can take count, checked again every minute.
  const interruptedAfterMs = config.REDIS_URL ? 2 * config.TELEPHONY_TIMEOUT_MS + 60_000 : 0;
  const recover = async () => {
    const closed = await recoverInterrupted({
      stores: finalStores,
      now: new Date(),
      olderThanMs: interruptedAfterMs,
    });
    if (closed > 0)
      logger.warn(
        { interrupted: closed },
        'never-retry operations were interrupted before the provider answered: closed as unknown in the audit, their users are told',
      );
  };
  await recover().catch(async (err: unknown) => {
    // All or nothing (issue 12): nothing stays open behind a failed start.
    await transport.close();
    await openedStores?.close();
    if (ownSandbox) await sandbox?.close();
    throw err;
  });
  const recoverTimer = config.REDIS_URL
    ? setInterval(() => void recover().catch(() => undefined), 60_000)
    : undefined;
  recoverTimer?.unref();
  return {
    core,
    proactive,
    clientFactory,
    stores: finalStores,
    installations,
    sandbox,
    baseUrl,
    keyCreatedAt,
    logger,
    async linkDemo(identity) {
      const key = identityKey(identity);
      if (await finalStores.credentials.get(key)) return;
      const now = new Date().toISOString();
      await finalStores.credentials.set(key, {
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
      if (recoverTimer) clearInterval(recoverTimer);
      await transport.close();
      await finalStores.close();
      if (ownSandbox) await sandbox?.close();
    },
  };
}
