import { type App, type ReceiverEvent, SocketModeReceiver, type webApi } from '@slack/bolt';
import { errorSummary } from '../../core/index.js';
import { boltLogger } from './bolt-logger.js';
import type { ResolvedSlackOptions, SlackLogger } from './options.js';
import { malformedPayload } from './payload-shape.js';

/** Socket Mode's receiver and whether Slack's socket is open now. */
export interface SocketReceiver {
  receiver: SocketModeReceiver;
  /** True while a socket is open and Slack said `hello`. */
  connected(): boolean;
  /** Closes the socket; a failure is logged, since stopping goes on regardless. */
  stop(): Promise<void>;
}

export function createSocketReceiver(
  options: ResolvedSlackOptions,
  clientOptions: webApi.WebClientOptions,
): SocketReceiver {
  const receiver = new ShapeCheckedSocketReceiver(options.logger, {
    appToken: options.appToken!,
    logger: boltLogger(options.logger),
    // The receiver hands `installerOptions.clientOptions` to its SocketModeClient's WebClient:
    // the only way for `apps.connections.open` to honour SLACK_API_URL (docs/operations.md §1.6).
    installerOptions: { clientOptions },
    clientPingTimeout: options.socketPingTimeoutMs,
  });
  let connected = false;
  // Ready only while a socket is open and Slack said `hello`; a `disconnect` (refresh_requested,
  // link_disabled) or a dropped socket makes `/readyz` 503 until the client reconnected.
  receiver.client.on('connected', () => {
    connected = true;
  });
  // `close` comes first when the socket drops: the client reconnects only after a backoff.
  for (const state of ['close', 'connecting', 'reconnecting', 'disconnecting', 'disconnected'])
    receiver.client.on(state, () => {
      connected = false;
    });
  const stop = () =>
    receiver.stop().catch((err: unknown) => {
      options.logger.warn({ err: errorSummary(err) }, 'bolt stop failed');
    });
  return { receiver, connected: () => connected, stop };
}

/**
 * Socket Mode's receiver with the HTTP receiver's shape check (payload-shape.ts) before bolt: an
 * envelope whose body Slack never sends in that shape is acknowledged (so Slack does not send it
 * again) and refused with a warn line (only Slack speaks on this socket: no flood to sample), and
 * never reaches a listener that would throw on it.
 */
class ShapeCheckedSocketReceiver extends SocketModeReceiver {
  constructor(
    private readonly log: SlackLogger,
    options: ConstructorParameters<typeof SocketModeReceiver>[0],
  ) {
    super(options);
  }

  override init(app: App): void {
    const processEvent = async (event: ReceiverEvent): Promise<void> => {
      const why = malformedPayload(event.body);
      if (why === undefined) return app.processEvent(event);
      await event.ack();
      this.log.warn({ why }, 'slack: malformed payload refused (Socket Mode)');
    };
    super.init(Object.assign(Object.create(app) as App, { processEvent }));
  }
}
