import type { IncomingMessage, ServerResponse } from 'node:http';
import { App, HTTPReceiver, type Receiver, SocketModeReceiver } from '@slack/bolt';
import { InFlight } from '../../core/in-flight.js';
import type { Notifier } from '../../core/notify/notifier.js';
import { registerActions } from './actions.js';
import { registerAppHome } from './app-home.js';
import { AuditThread } from './audit-thread.js';
import { boltLogger } from './bolt-logger.js';
import { registerCommand } from './commands.js';
import type { SlackHandlerDeps } from './deps.js';
import { SlackDirectory } from './directory.js';
import { registerMessages } from './messages-tab.js';
import { workspaceAuth } from './multi-workspace.js';
import { createSlackNotifier } from './notifier.js';
import type { SlackRoute } from './oauth-routes.js';
import { resolveSlackOptions, SLACK_MAX_BODY_BYTES, type SlackChannelOptions } from './options.js';
import { createQuietGate } from './quiet-gate.js';
import { SlackResponder } from './responder.js';
import { SlackSetupError, toSetupError } from './setup-error.js';
import { registerShortcuts } from './shortcuts.js';
import { registerViews } from './views.js';

export type { SlackOAuthOptions } from './oauth.js';
export type { SlackRoute } from './oauth-routes.js';
export { SLACK_MAX_BODY_BYTES, type SlackChannelOptions, type SlackLogger } from './options.js';
export { renderReply } from './render-blocks.js';
export { SlackSetupError } from './setup-error.js';

export interface SlackChannel {
  /** The bolt app, for wiring extra listeners or tests. */
  readonly app: App;
  /** The core's outbound port on Slack (alerts, call reports, digests). */
  readonly notifier: Notifier;
  readonly mode: 'socket' | 'http';
  /**
   * HTTP mode: the request handler for Slack's posts, to be mounted by the composition root on
   * `path` of its HTTP server, with bodies limited to `maxBodyBytes`.
   */
  readonly http?: {
    handler: (req: IncomingMessage, res: ServerResponse) => void;
    path: string;
    maxBodyBytes: number;
  };
  /** OAuth (many workspaces): the install link and Slack's redirect, for the composition root to serve. */
  readonly routes: SlackRoute[];
  /** True once requests really arrive: Socket Mode connected (HTTP mode: started); false while stopping. */
  receiving(): boolean;
  /**
   * Checks the bot token (`auth.test`), then connects (Socket Mode) or takes requests (HTTP). A
   * refusal rejects with a {@link SlackSetupError} carrying Slack's error code.
   */
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
  let started = false;
  let stopping = false;
  let connected = false;
  const inFlight = new InFlight();
  const clientOptions = {
    ...(options.apiUrl ? { slackApiUrl: withSlash(options.apiUrl) } : {}),
    // Wait out 429s with `Retry-After` instead of failing the answer (issue 6 "Reliability").
    rejectRateLimitedCalls: false,
    retryConfig: options.webApiRetry,
    timeout: options.httpTimeoutMs,
  };

  const socket =
    options.mode === 'socket'
      ? new SocketModeReceiver({
          appToken: options.appToken!,
          logger: boltLogger(logger),
          // The receiver hands `installerOptions.clientOptions` to its SocketModeClient's WebClient:
          // the only way for `apps.connections.open` to honour SLACK_API_URL (issue 12).
          installerOptions: { clientOptions },
          clientPingTimeout: options.socketPingTimeoutMs,
        })
      : undefined;
  if (socket) {
    // Ready only while a socket is open and Slack said `hello`; a `disconnect` (refresh_requested,
    // link_disabled) or a dropped socket makes `/readyz` 503 until the client reconnected.
    socket.client.on('connected', () => {
      connected = true;
    });
    // `close` comes first when the socket drops: the client reconnects only after a backoff.
    for (const state of ['close', 'connecting', 'reconnecting', 'disconnecting', 'disconnected'])
      socket.client.on(state, () => {
        connected = false;
      });
  }
  const httpReceiver =
    options.mode === 'http'
      ? new HTTPReceiver({
          signingSecret: options.signingSecret!,
          endpoints: options.endpoint,
          bodyLimit: SLACK_MAX_BODY_BYTES,
          // Ack first: bolt answers the HTTP request the moment `ack()` is called, and the listener
          // goes on to call the core. Slack's 3 s budget never waits for the provider.
          processBeforeResponse: false,
          logger: boltLogger(logger),
          // A request that no listener acknowledged (an unknown command) is answered at once.
          unhandledRequestTimeoutMillis: 2_500,
        })
      : undefined;
  const receiver: Receiver = (socket ?? httpReceiver)!;

  const auth = workspaceAuth(options, clientOptions);
  const app = new App({
    ...auth.app,
    receiver,
    // `auth.test` runs in `start()`, so a bad token fails there with a clear error.
    deferInitialization: true,
    // No listener uses bolt's conversation state; its middleware would only cost time before the ack.
    convoStore: false,
    logger: boltLogger(logger),
    clientOptions,
  });

  // HTTP requests are counted from arrival to response; Socket Mode envelopes are not, so there the
  // work after an ack only yields one turn, as a quiet receiver does.
  const gate = createQuietGate();
  const deps: SlackHandlerDeps = {
    options,
    directory: new SlackDirectory(options.directoryTtlMs, logger),
    responder: new SlackResponder({
      logger,
      httpTimeoutMs: options.httpTimeoutMs,
      auditThread: new AuditThread(options.now),
      tracked: (t) => options.core.messageSent(t),
    }),
    track: (name, work) => {
      const p = work().catch((err: unknown) => {
        logger.error(
          { err: (err as Error)?.name, code: (err as { code?: unknown })?.code, handler: name },
          'Slack handler failed',
        );
      });
      inFlight.track(p);
      return p;
    },
    afterAck: () => gate.whenQuiet(),
  };
  registerCommand(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  registerAppHome(app, deps);
  registerMessages(app, deps);
  registerShortcuts(app, deps);
  auth.register(app);
  app.error(async (err) => {
    logger.error({ err: err.name, code: err.code }, 'bolt error');
  });

  return {
    app,
    notifier: createSlackNotifier({
      client: app.client,
      httpTimeoutMs: options.httpTimeoutMs,
      ...(auth.clientFor ? { clientFor: auth.clientFor } : {}),
    }),
    routes: auth.routes,
    mode: options.mode,
    ...(httpReceiver
      ? {
          http: {
            // Requests before start() or after stop() began get 503: Slack retries them.
            handler: (req: IncomingMessage, res: ServerResponse) => {
              if (!started || stopping) {
                req.resume();
                res.writeHead(503, { 'content-type': 'text/plain' }).end('not ready\n');
                return;
              }
              res.once('close', gate.arrived());
              httpReceiver.requestListener(req, res);
            },
            path: options.endpoint,
            maxBodyBytes: SLACK_MAX_BODY_BYTES,
          },
        }
      : {}),
    receiving: () => started && !stopping && (options.mode === 'http' || connected),
    async start() {
      await app.init().catch((err: unknown) => {
        throw toSetupError('auth.test', err);
      });
      // HTTP mode: the composition root's server feeds `http.handler`; bolt's own server stays off.
      if (socket)
        await app.start().catch((err: unknown) => {
          throw toSetupError('apps.connections.open', err);
        });
      started = true;
      logger.info({ mode: options.mode, command: options.command }, 'Slack channel started');
    },
    async stop() {
      if (!started || stopping) return;
      stopping = true;
      if (socket)
        await socket
          .stop()
          .catch((err: unknown) => logger.warn({ err: (err as Error)?.name }, 'bolt stop failed'));
      await inFlight.drain(options.stopTimeoutMs);
      started = false;
      stopping = false;
    },
  };
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
