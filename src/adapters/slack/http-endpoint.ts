import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InFlight } from '../../core/index.js';
import { boltLogger } from './bolt-logger.js';
import type { SlackHandlerDeps } from './deps.js';
import { SlackHttpReceiver } from './http-receiver.js';
import { type ResolvedSlackOptions, SLACK_MAX_BODY_BYTES } from './options.js';
import type { QuietGate } from './quiet-gate.js';

/** HTTP mode: the receiver bolt is given, and the handler the composition root mounts. */
export interface HttpEndpoint {
  receiver: SlackHttpReceiver;
  http: {
    handler: (req: IncomingMessage, res: ServerResponse) => void;
    path: string;
    maxBodyBytes: number;
  };
}

export function createHttpEndpoint(
  options: ResolvedSlackOptions,
  gate: QuietGate,
  inFlight: InFlight,
  accepting: () => boolean,
  { directory, door }: Pick<SlackHandlerDeps, 'directory' | 'door'>,
): HttpEndpoint {
  // Acknowledged and not yet handled: what a burst leaves waiting in this instance.
  let waiting = 0;
  const receiver = new SlackHttpReceiver({
    signingSecret: options.signingSecret!,
    command: options.command,
    maxBodyBytes: SLACK_MAX_BODY_BYTES,
    // Ack first: the command is answered on arrival, everything else the moment a listener acks;
    // the listeners go on to call the core. Slack's 3 s budget never waits for the provider.
    dispatchWhen: () => gate.whenQuiet(),
    pending: (dispatch) => {
      waiting += 1;
      void dispatch.finally(() => {
        waiting -= 1;
      });
      inFlight.track(dispatch);
    },
    logger: boltLogger(options.logger),
    // A request that no listener acknowledged (an unknown command) is answered before Slack's 3 s.
    unhandledRequestTimeoutMs: 2_500,
    // The core's busy decision and words; this ack is where Slack says them. The command carries no
    // locale: the directory's, if it has seen the user; else the core speaks every language. Never
    // a `users.info` to find out: busy means the bot must not add work (docs/reliability.md §2.2).
    // The HTTP ack reads the fields from the unparsed form, where one may be missing or repeated.
    busy: ({ team, user }) =>
      door.busyWords(
        typeof team === 'string' && typeof user === 'string'
          ? directory.known(team, user)?.locale
          : undefined,
        waiting >= options.backlog,
      ),
  });
  // HTTP requests are counted from arrival to response, so work after an ack waits for a quiet receiver.
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    // Requests before start() or after stop() began get 503: Slack retries them.
    if (!accepting()) {
      req.resume();
      res.writeHead(503, { 'content-type': 'text/plain' }).end('not ready\n');
      return;
    }
    res.once('close', gate.arrived());
    receiver.requestListener(req, res);
  };
  return { receiver, http: { handler, path: options.endpoint, maxBodyBytes: SLACK_MAX_BODY_BYTES } };
}
