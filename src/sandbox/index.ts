import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminServer, SERVER_TIMEOUTS } from './admin-server.js';
import { type FaultConfig, FaultInjector } from './faults.js';
import { createRequestHandler, type HandlerContext } from './http-handler.js';
import { parseAmount } from './money-format.js';
import { resolveSandboxOptions, type SandboxOptions } from './options.js';
import { createStateWriter } from './persistence.js';
import { loadPersisted, loadSeed } from './seed-loader.js';
import { SandboxState } from './state.js';
import { createStateView, type SandboxStateView } from './state-view.js';

export type { FaultConfig, FaultRule } from './faults.js';
export type { SandboxOptions } from './options.js';
export { DEMO_DATA_PATH, SandboxDataError } from './seed-loader.js';
export type { SandboxData } from './seed-schema.js';
export type { SandboxStateView } from './state-view.js';

export interface SandboxListenOptions {
  /** API port; 0 picks a free one. Default 0. */
  port?: number;
  /** API host. Default `127.0.0.1`. */
  host?: string;
  /** Admin port, always on 127.0.0.1; 0 picks a free one. Default 0. */
  adminPort?: number;
}

export interface SandboxStats {
  /** Requests that reached an operation's business logic (after faults, auth and D2 checks). */
  handled: Record<string, number>;
  /** All requests by operation, including those refused or faulted before the logic. */
  received: Record<string, number>;
  activeCalls: number;
}

export interface Sandbox {
  listen(options?: SandboxListenOptions): Promise<{ url: string; cardUrl: string; adminUrl: string }>;
  /** `{base_url}` of spec 4, e.g. `http://127.0.0.1:8042`. Throws before `listen`. */
  readonly url: string;
  /** The card module address of D1: `{base_url}/api/rest/v2/`. */
  readonly cardUrl: string;
  /** The loopback admin endpoint: `GET|PUT|DELETE /faults`, `GET /stats`, `PUT /accounts/<user>/balance`, `PUT /cards/<number>/amount`. */
  readonly adminUrl: string;
  readonly state: SandboxStateView;
  setFaults(config: FaultConfig): void;
  clearFaults(): void;
  faults(): FaultConfig;
  stats(): SandboxStats;
  resetStats(): void;
  /** Ends calls past `maxCallSeconds` now (D10); also done on every request and by a timer. */
  expireCalls(): number;
  /** Sets an account's balance (`"4,20"`), as the admin endpoint does; `false` for an unknown user or amount. */
  setBalance(username: string, amount: string): boolean;
  /** Sets a card's amount (`"3,50"`, whole cents), as the admin endpoint does; `false` for an unknown card or amount. */
  setCardAmount(cli: string, amount: string): boolean;
  close(): Promise<void>;
}

/**
 * A stateful emulator of the whole Telephony Account Web API (docs/sandbox.md §1.1). State comes from
 * `persistPath` when that file exists, else from the seed (`data`, default the demo data).
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const o = resolveSandboxOptions(options);
  const state = openState(o.persistPath, o.data);
  const faults = new FaultInjector(o.random, o.faults);
  const now = () => new Date(o.clock().getTime() + faults.clockOffsetMs);
  const counters = createCounters(state);
  const api = createApiServer({
    state,
    faults,
    now,
    maxCallSeconds: o.maxCallSeconds,
    maxBodyBytes: o.maxBodyBytes,
    random: o.random,
    log: o.logger,
    ...counters.byOperation,
  });
  const ledger = { setBalance: balanceSetter(state), setCardAmount: cardAmountSetter(state) };
  // The admin endpoint and the in-process API steer the same injector.
  const faultControls = {
    getFaults: () => faults.config,
    setFaults: (config: FaultConfig) => faults.set(config),
    clearFaults: () => faults.set({}),
  };
  const admin = createAdminServer({ ...ledger, ...faultControls, stats: counters.stats });
  const expireCalls = () => state.expireCalls(now(), o.maxCallSeconds);
  const endpoints = createEndpoints(api.server, admin);
  const need = endpoints.need;
  // D10: calls past their maximum duration end on time even when no request comes.
  const expiry = createRepeating(expireCalls, o.expiryIntervalMs);
  return {
    async listen(listen = {}) {
      const urls = await endpoints.listen(listen);
      expiry.start();
      return urls;
    },
    get url() {
      return need().url;
    },
    get cardUrl() {
      return need().cardUrl;
    },
    get adminUrl() {
      return need().adminUrl;
    },
    state: createStateView(state),
    setFaults: faultControls.setFaults,
    clearFaults: faultControls.clearFaults,
    faults: faultControls.getFaults,
    stats: counters.stats,
    resetStats: counters.reset,
    expireCalls,
    ...ledger,
    async close() {
      expiry.stop();
      api.cancelDelays();
      await endpoints.close();
    },
  };
}

/**
 * The API server: every request through the pipeline of http-handler.ts; a crash there drops the
 * socket. `cancelDelays` clears injected latencies still pending, so closing does not wait for them.
 */
function createApiServer(ctx: Omit<HandlerContext, 'timers'>): { server: Server; cancelDelays(): void } {
  const timers = new Set<NodeJS.Timeout>();
  const handler = createRequestHandler({ ...ctx, timers });
  const server = createServer({ keepAliveTimeout: 30_000, ...SERVER_TIMEOUTS }, (req, res) => {
    handler(req, res).catch((err: unknown) => {
      ctx.log(`sandbox error: ${(err as Error).message}`);
      res.destroy();
    });
  });
  return {
    server,
    cancelDelays() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

/** Requests counted by operation, for `/stats` and the soak checks (docs/sandbox.md §3.2). */
function createCounters(state: SandboxState) {
  const handled = new Map<string, number>();
  const received = new Map<string, number>();
  return {
    byOperation: { handled, received },
    stats: (): SandboxStats => ({
      handled: Object.fromEntries(handled),
      received: Object.fromEntries(received),
      activeCalls: state.data.calls.filter((c) => !c.end).length,
    }),
    reset() {
      handled.clear();
      received.clear();
    },
  };
}

type SandboxUrls = { url: string; cardUrl: string; adminUrl: string };

/** The persisted state when its file exists, else the seed (written out at once when persisting). */
function openState(persistPath: string | undefined, data: SandboxOptions['data']): SandboxState {
  const persisted = persistPath ? loadPersisted(persistPath) : undefined;
  const write = persistPath ? createStateWriter(persistPath) : undefined;
  const state = new SandboxState(persisted ?? loadSeed(data), write);
  if (!persisted) state.changed();
  return state;
}

/** Sets an account's balance from the provider's money text (`"4,20"`), as the admin endpoint does. */
function balanceSetter(state: SandboxState): (username: string, amount: string) => boolean {
  return (username, amount) => {
    const account = state.account(username);
    const minor = parseAmount(amount);
    if (!account || minor === undefined || !('balance' in account)) return false;
    account.balance = minor;
    state.changed();
    return true;
  };
}

/**
 * Sets a card's amount from the provider's money text (`"3,50"`): what a card spends on calls, which
 * the API does not show (spec 2.3 has only the amount). Whole cents, as card amounts are (`cardAmount`).
 */
function cardAmountSetter(state: SandboxState): (cli: string, amount: string) => boolean {
  return (cli, amount) => {
    const card = state.data.cards.find((c) => c.cli === cli);
    const minor = /^\d{1,6}(?:[.,]\d{1,2})?$/.test(amount.trim()) ? parseAmount(amount) : undefined;
    if (!card || minor === undefined) return false;
    card.amount = minor;
    state.changed();
    return true;
  };
}

/** Runs `task` every `intervalMs` between start and stop, without keeping the process alive. */
function createRepeating(task: () => void, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (timer) return;
      timer = setInterval(task, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/** The API and admin servers' addresses once listening; `need` throws before `listen`. */
function createEndpoints(api: Server, admin: Server) {
  let urls: SandboxUrls | undefined;
  return {
    async listen(listen: SandboxListenOptions): Promise<SandboxUrls> {
      urls ??= await listenBoth(api, admin, listen);
      return urls;
    },
    need(): SandboxUrls {
      if (!urls) throw new Error('the sandbox is not listening yet; await sandbox.listen() first');
      return urls;
    },
    async close() {
      await closeServers([api, admin]);
      urls = undefined;
    },
  };
}

/** The API on `host` (default loopback) and the admin endpoint on loopback only. */
async function listenBoth(api: Server, admin: Server, listen: SandboxListenOptions): Promise<SandboxUrls> {
  const host = listen.host ?? '127.0.0.1';
  api.listen(listen.port ?? 0, host);
  await once(api, 'listening');
  admin.listen(listen.adminPort ?? 0, '127.0.0.1');
  await once(admin, 'listening');
  const apiPort = (api.address() as AddressInfo).port;
  const adminPort = (admin.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const url = `http://${shown}:${apiPort}`;
  return { url, cardUrl: `${url}/api/rest/v2/`, adminUrl: `http://127.0.0.1:${adminPort}` };
}

async function closeServers(servers: Server[]): Promise<void> {
  const closing = servers
    .filter((s) => s.listening)
    .map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    );
  await Promise.all(closing);
}
