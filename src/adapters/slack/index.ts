import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, HTTPReceiver, type Receiver, SocketModeReceiver } from '@slack/bolt';
import { registerActions } from './actions.js';
import { AuditThread } from './audit-thread.js';
import { boltLogger } from './bolt-logger.js';
import { registerCommand } from './commands.js';
import type { SlackHandlerDeps } from './deps.js';
import { SlackDirectory } from './directory.js';
import { type HealthServer, healthRoutes, startHealthServer } from './health.js';
import { resolveSlackOptions, type SlackChannelOptions } from './options.js';
import { SlackResponder } from './responder.js';
import { registerViews } from './views.js';

export type { SlackChannelOptions, SlackLogger } from './options.js';
export { isPrivateReply, renderReply } from './render-blocks.js';

export interface SlackChannel {
  /** The bolt app, for wiring extra listeners or tests. */
  readonly app: App;
  readonly mode: 'socket' | 'http';
  /** After `start()`: the HTTP receiver's port (HTTP mode) or the health server's (Socket Mode). */
  readonly port: number | undefined;
  /** Checks the bot token (`auth.test`), then starts taking requests. */
  start(): Promise<void>;
  /**
   * Stops taking requests (`/readyz` turns 503 first), then waits up to `stopTimeoutMs` for
   * answers still being delivered. Draining the core itself is the composition root's job, since
   * the core serves every channel.
   */
  stop(): Promise<void>;
}

/**
 * The Slack channel on bolt (issue 6): one slash command, buttons and two modals, in Socket Mode
 * (`appToken`) or HTTP mode (`signingSecret`). A thin translator: it verifies (bolt), normalises
 * (`normalise.ts`), calls the core, and renders (`render-blocks.ts`). It holds no business rules.
 */
export function createSlackChannel(input: SlackChannelOptions): SlackChannel {
  const options = resolveSlackOptions(input);
  const { logger } = options;
  let ready = false;
  let health: HealthServer | undefined;
  let httpServer: Server | undefined;
  const inFlight = new Set<Promise<void>>();
  const state = { ready: () => ready };

  const receiver: Receiver =
    options.mode === 'socket'
      ? new SocketModeReceiver({ appToken: options.appToken!, logger: boltLogger(logger) })
      : new HTTPReceiver({
          signingSecret: options.signingSecret!,
          endpoints: options.endpoint,
          customRoutes: healthRoutes(state),
          // Ack first: bolt answers the HTTP request the moment `ack()` is called, and the listener
          // goes on to call the core. Slack's 3 s budget never waits for the provider.
          processBeforeResponse: false,
          logger: boltLogger(logger),
          // A request that no listener acknowledged (an unknown command) is answered at once.
          unhandledRequestTimeoutMillis: 2_500,
        });

  const app = new App({
    token: options.botToken,
    receiver,
    // `auth.test` runs in `start()`, so a bad token fails there with a clear error.
    deferInitialization: true,
    // No listener uses bolt's conversation state; its middleware would only cost time before the ack.
    convoStore: false,
    logger: boltLogger(logger),
    clientOptions: {
      ...(options.apiUrl ? { slackApiUrl: withSlash(options.apiUrl) } : {}),
      // Wait out 429s with `Retry-After` instead of failing the answer (issue 6 "Reliability").
      rejectRateLimitedCalls: false,
      retryConfig: options.webApiRetry,
      timeout: options.httpTimeoutMs,
    },
  });

  const deps: SlackHandlerDeps = {
    options,
    directory: new SlackDirectory(options.directoryTtlMs, logger),
    responder: new SlackResponder({
      logger,
      httpTimeoutMs: options.httpTimeoutMs,
      auditThread: new AuditThread(options.now),
    }),
    track: (name, work) => {
      const p = work().catch((err: unknown) => {
        logger.error(
          { err: (err as Error)?.name, code: (err as { code?: unknown })?.code, handler: name },
          'Slack handler failed',
        );
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      return p;
    },
  };
  registerCommand(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  app.error(async (err) => {
    logger.error({ err: err.name, code: err.code }, 'bolt error');
  });

  return {
    app,
    mode: options.mode,
    get port() {
      if (health) return health.port;
      return httpServer ? (httpServer.address() as AddressInfo).port : undefined;
    },
    async start() {
      await app.init();
      if (options.mode === 'socket') {
        health = await startHealthServer(state, options.port, options.host);
        await app.start();
      } else {
        httpServer = (await app.start({
          port: options.port,
          ...(options.host ? { host: options.host } : {}),
        })) as Server;
      }
      ready = true;
      logger.info({ mode: options.mode, port: this.port, command: options.command }, 'Slack channel started');
    },
    async stop() {
      ready = false;
      if (options.mode === 'http' && httpServer) {
        // Keep-alive sockets would hold `close()` open; in-flight answers go out over new connections.
        httpServer.closeIdleConnections();
      }
      await app
        .stop()
        .catch((err: unknown) => logger.warn({ err: (err as Error)?.name }, 'bolt stop failed'));
      httpServer = undefined;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, options.stopTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      await health?.close();
      health = undefined;
    },
  };
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
