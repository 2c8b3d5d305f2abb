import type { IncomingMessage, ServerResponse } from 'node:http';
import { App } from '@slack/bolt';
import { type Channel, InFlight } from '../../core/index.js';
import { boltLogger } from './bolt-logger.js';
import { createHandlerDeps } from './deps.js';
import { createHttpEndpoint } from './http-endpoint.js';
import { registerListeners } from './listeners.js';
import { workspaceAuth } from './multi-workspace.js';
import { createSlackNotifier } from './notifier.js';
import type { SlackRoute } from './oauth-routes.js';
import { resolveSlackOptions, type SlackChannelOptions, webClientOptions } from './options.js';
import { createQuietGate } from './quiet-gate.js';
import { toSetupError } from './setup-error.js';
import { createSocketReceiver } from './socket-receiver.js';

export type { SlackOAuthOptions } from './oauth.js';
export type { SlackRoute } from './oauth-routes.js';
export { SLACK_MAX_BODY_BYTES, type SlackChannelOptions, type SlackLogger } from './options.js';
export { renderReply } from './render-blocks.js';
export { SlackSetupError } from './setup-error.js';

export interface SlackChannel {
  /** The bolt app, for wiring extra listeners or tests. */
  readonly app: App;
  /** The core's outbound port on Slack (alerts, call reports, digests). */
  readonly notifier: Channel;
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
 * The Slack channel on bolt (docs/interface.md §4.2): one slash command, buttons and two modals, in Socket Mode
 * (`appToken`) or HTTP mode (`signingSecret`). A thin translator: it verifies (`http-receiver.ts`),
 * normalises (`normalise.ts`), calls the core, and renders (`render-blocks.ts`). It holds no
 * business rules.
 */
export function createSlackChannel(input: SlackChannelOptions): SlackChannel {
  const options = resolveSlackOptions(input);
  const { logger } = options;
  let started = false;
  let stopping = false;
  const inFlight = new InFlight();
  // Work after an ack waits until the receiver is quiet, so a burst is acknowledged first (docs/performance.md §4.2).
  const gate = createQuietGate();
  const clientOptions = webClientOptions(options);
  const socket = options.mode === 'socket' ? createSocketReceiver(options, clientOptions) : undefined;
  const accepting = () => started && !stopping;
  const deps = createHandlerDeps(options, inFlight, gate);
  const endpoint =
    options.mode === 'http' ? createHttpEndpoint(options, gate, inFlight, accepting, deps) : undefined;
  const auth = workspaceAuth(options, clientOptions);
  const app = new App({
    ...auth.app,
    receiver: (socket?.receiver ?? endpoint?.receiver)!,
    // `auth.test` runs in `start()`, so a bad token fails there with a clear error.
    deferInitialization: true,
    // No listener uses bolt's conversation state; its middleware would only cost time before the ack.
    convoStore: false,
    logger: boltLogger(logger),
    clientOptions,
  });
  registerListeners(app, deps);
  auth.register(app);
  return {
    app,
    notifier: createSlackNotifier({
      ...options,
      client: app.client,
      ...(auth.clientFor ? { clientFor: auth.clientFor } : {}),
    }),
    routes: auth.routes,
    mode: options.mode,
    ...(endpoint ? { http: endpoint.http } : {}),
    receiving: () => accepting() && (socket?.connected() ?? true),
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
      await socket?.stop();
      await inFlight.drain(options.stopTimeoutMs);
      started = false;
      stopping = false;
    },
  };
}
