import { join } from 'node:path';
import type { Logger } from 'pino';
import { writerFence } from '../core/guard/writer-fence.js';
import type { Identity } from '../core/identity.js';
import { type ClientFactory, type Core, createCore, tellAbandoned } from '../core/index.js';
import type { ChannelMemory } from '../core/ports/channel-memory.js';
import { recordCallCard } from '../core/proactive/call-report.js';
import { createProactive, type Proactive } from '../core/proactive/proactive.js';
import { createSandbox, type Sandbox } from '../sandbox/index.js';
import type { InstallationStore } from '../store/index.js';
import type { Stores } from '../store/stores.js';
import {
  type Admission,
  createAdmission,
  createTelephonyClient,
  createTransport,
  type Transport,
} from '../telephony/index.js';
import { type BotMetrics, noBotMetrics } from './bot-metrics.js';
import type { Config } from './config.js';
import { linkDemoAccounts } from './demo-link.js';
import { openStores } from './open-stores.js';
import { startRecovery } from './recovery.js';

export interface Runtime {
  core: Core;
  /** Alerts, call reports and digests (docs/proactive.md §5.1); channels attach their notifiers to it. */
  proactive: Proactive;
  /** Signed clients on the shared transport, for stored credentials. */
  clientFactory: ClientFactory;
  stores: Stores;
  /** Chat-platform installations (Slack OAuth, docs/operations.md §5.2), sealed in the same store; absent with injected stores. */
  installations: InstallationStore | undefined;
  /** What channels remember of a workspace across restarts; absent with injected stores (memory only). */
  channelMemory: ChannelMemory | undefined;
  sandbox: Sandbox | undefined;
  baseUrl: string;
  keyCreatedAt: string | undefined;
  logger: Logger;
  /**
   * Commands, provider calls, queue depths and store health for `/metrics` (docs/operations.md §7):
   * `addQueueDepth(queue, depth)` shows a queue there. A no-op where no HTTP server serves them.
   */
  metrics: BotMetrics;
  /** Links the sandbox demo accounts to an identity, so `/balance` works at once (docs/accounts.md §1.4). */
  linkDemo(identity: Identity): Promise<void>;
  /**
   * A shutdown gives up on the never-retry operations still waiting on the provider: closes them as
   * unknown and tells their users now, with the read that shows the truth. Returns how many.
   */
  abandonInFlight(): Promise<number>;
  /** Told once when another process took the SQLite store's single-writer lock over (docs/reliability.md §5.1). */
  onWriterLost(listener: () => void): void;
  close(): Promise<void>;
}

/** With injected stores (tests): no installations, no channel memory (memory only), no key date. */
const INJECTED = { installations: undefined, channelMemory: undefined, keyCreatedAt: undefined };

/** Runtime overrides the tests pass: their own stores, sandbox or clock. */
export interface RuntimeOverrides {
  stores?: Stores;
  metrics?: BotMetrics;
  sandbox?: Sandbox;
  clock?: (() => Date) | undefined;
}

/**
 * The composition root shared by `npm start`, the CLI and the tests: provider (real or embedded
 * sandbox), one shared transport, the stores, and the core.
 */
export async function createRuntime(
  config: Config,
  logger: Logger,
  overrides: RuntimeOverrides = {},
): Promise<Runtime> {
  // Stores first: a refused store (a second instance on one SQLite DATA_DIR, an unreachable Redis)
  // must fail the start before anything listens, so the process can exit with its message.
  const writerLost = new Set<() => void>();
  const { stores, installations, channelMemory, keyCreatedAt } = overrides.stores
    ? { ...INJECTED, stores: overrides.stores }
    : await openStores(config, logger, () => {
        for (const listener of writerLost) listener();
      });
  const openedStores = overrides.stores ? undefined : stores;
  const provider = await providerOf(config, logger, overrides.sandbox, openedStores);
  // main hands in prom-client's metrics when there is an HTTP server to serve them.
  const metrics = overrides.metrics ?? noBotMetrics;
  metrics.setStoreCheck(config.REDIS_URL ? 'redis' : 'sqlite', () => stores.reachable());
  const { transport, admission, clientFactory } = providerClients(config, provider, logger, {
    clock: overrides.clock,
    metrics,
    holdsLock: () => stores.holdsWriterLock?.() ?? true,
  });
  const { core, proactive } = createCoreAndProactive(
    config,
    logger,
    { stores, clientFactory, busy: admission.busy },
    overrides.clock,
    metrics,
  );
  const stopRecovery = await startRecovery(config, logger, stores, async () => {
    // All or nothing (docs/operations.md §1.1): nothing stays open behind a failed start.
    await transport.close();
    await openedStores?.close();
    if (provider.ownSandbox) await provider.sandbox?.close();
  });
  return {
    core,
    proactive,
    clientFactory,
    stores,
    installations,
    channelMemory,
    sandbox: provider.sandbox,
    baseUrl: provider.baseUrl,
    keyCreatedAt,
    logger,
    metrics,
    linkDemo: (identity) => linkDemoAccounts(stores, identity),
    abandonInFlight: () =>
      tellAbandoned({ stores, outbox: proactive.outbox, attempts: core.attemptsInFlight?.() ?? [] }),
    onWriterLost: (listener) => writerLost.add(listener),
    async close() {
      stopRecovery();
      await transport.close();
      await stores.close();
      if (provider.ownSandbox) await provider.sandbox?.close();
    },
  };
}

/**
 * One transport and one admission per provider (fair turns by account, identical reads shared),
 * and the factory of signed clients on them.
 */
function providerClients(
  config: Config,
  provider: Provider,
  logger: Logger,
  o: { clock: (() => Date) | undefined; metrics: BotMetrics; holdsLock: () => boolean },
): { transport: Transport; admission: Admission; clientFactory: ClientFactory } {
  const transport: Transport = createTransport({ connections: config.TELEPHONY_CONNECTIONS });
  const admission = createAdmission({
    slots: config.TELEPHONY_CONNECTIONS,
    maxQueued: config.TELEPHONY_BACKLOG,
  });
  const shared = { transport, admission, clock: o.clock, holdsLock: o.holdsLock };
  return {
    transport,
    admission,
    clientFactory: createClientFactory(config, provider, shared, logger, o.metrics),
  };
}

/**
 * The core (commands and replies) and the proactive side (alerts, call reports, digests), both
 * naming commands the way each platform's users type them.
 */
function createCoreAndProactive(
  config: Config,
  logger: Logger,
  parts: { stores: Stores; clientFactory: ClientFactory; busy: () => boolean },
  clock: (() => Date) | undefined,
  metrics: BotMetrics,
): { core: Core; proactive: Proactive } {
  const { stores, clientFactory } = parts;
  // Slack users type `/tel balance`; messages name commands that way there (docs/privacy.md §4).
  const commandPrefix = { slack: `${config.SLACK_COMMAND} ` };
  // An approved request's result goes to its requester through the proactive outbox (built below).
  let proactive: Proactive | undefined;
  const core = createCore({
    outbox: () => proactive?.outbox,
    stores,
    clock,
    logger: logger.child({ component: 'core' }),
    maxCommandAgeMs: config.COMMAND_MAX_AGE_MS,
    secretTtlMs: config.SECRET_DELETE_MINUTES * 60_000,
    commandPrefix,
    rateLimit:
      config.RATE_LIMIT_PER_MINUTE > 0 ? { limit: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 } : false,
    clientFactory,
    metrics,
    busy: parts.busy,
    // The call card's landing place, for its report to edit (a job's record: the core imports no job).
    tracked: (tracked) => recordCallCard({ stores }, tracked),
  });
  proactive = createProactive({
    stores,
    clientFactory,
    // Alerts and digests name commands as replies do: `/tel alert` in Slack.
    refsFor: core.refsFor,
    clock,
    logger: logger.child({ component: 'proactive' }),
    alertMarginPercent: config.ALERT_REARM_MARGIN_PERCENT,
    metrics,
    pace: { perSecond: config.ALERT_SWEEP_PER_SECOND, concurrency: config.ALERT_SWEEP_CONCURRENCY },
  });
  return { core, proactive };
}

/** Where the provider answers: TELEPHONY_BASE_URL, else the given sandbox, else one started here. */
interface Provider {
  baseUrl: string;
  cardUrl: string | undefined;
  sandbox: Sandbox | undefined;
  /** True when this runtime started the sandbox, so it closes it too. */
  ownSandbox: boolean;
}

async function providerOf(
  config: Config,
  logger: Logger,
  given: Sandbox | undefined,
  openedStores: Stores | undefined,
): Promise<Provider> {
  const cardUrl = config.TELEPHONY_CARD_URL;
  if (config.TELEPHONY_BASE_URL)
    return { baseUrl: config.TELEPHONY_BASE_URL, cardUrl, sandbox: given, ownSandbox: false };
  if (given)
    return { baseUrl: given.url, cardUrl: cardUrl ?? given.cardUrl, sandbox: given, ownSandbox: false };
  const sandbox = createSandbox({
    data: config.SANDBOX_DATA,
    persistPath: config.SANDBOX_PERSIST ?? join(config.DATA_DIR, 'sandbox-state.json'),
    logger: (line) => logger.debug({ sandbox: line }, 'sandbox request'),
    ...(config.SANDBOX_LATENCY_MS > 0
      ? { faults: { global: { latencyMs: config.SANDBOX_LATENCY_MS } } }
      : {}),
  });
  // All or nothing (docs/operations.md §1.1): a sandbox that cannot listen leaves no store open behind it.
  await sandbox.listen({ port: config.SANDBOX_PORT }).catch(async (err: unknown) => {
    await openedStores?.close();
    throw err;
  });
  return { baseUrl: sandbox.url, cardUrl: cardUrl ?? sandbox.cardUrl, sandbox, ownSandbox: true };
}

/** Signed clients for stored credentials, all on one transport. */
function createClientFactory(
  config: Config,
  provider: Provider,
  shared: {
    transport: Transport;
    admission: Admission;
    clock: (() => Date) | undefined;
    holdsLock: () => boolean;
  },
  logger: Logger,
  metrics: BotMetrics,
): ClientFactory {
  const { transport, admission, clock } = shared;
  const clientLogger = logger.child({ component: 'telephony' });
  // One provider, one clock: every per-user client shares what any of them learned (provider-notes 1.2).
  const clockSkew = { offsetMs: 0 };
  return (credentials) =>
    createTelephonyClient({
      baseUrl: provider.baseUrl,
      cardUrl: provider.cardUrl,
      credentials: credentials.account,
      cardCredentials: credentials.card,
      transport,
      admission,
      clockSkew,
      // The core's clock: the learned offset then relates the provider's times (a call record's)
      // to the ones the core writes down (call-match.ts).
      clock,
      timeoutMs: config.TELEPHONY_TIMEOUT_MS,
      logger: clientLogger,
    })
      .use(metrics.providerLayer)
      // Outermost: a never-retry request checks the store's lock owner before anything else.
      .use(writerFence(shared.holdsLock));
}
