import { type Door, errorSummary, type InFlight } from '../../core/index.js';
import { AgentViews } from './agent-session.js';
import { AuditThread } from './audit-thread.js';
import { SlackDirectory } from './directory.js';
import { ACKED_ON_ARRIVAL } from './http-receiver.js';
import type { ResolvedSlackOptions } from './options.js';
import type { QuietGate } from './quiet-gate.js';
import { SlackResponder } from './responder.js';

/** What the listeners share: resolved options, the user directory, the responder and in-flight tracking. */
export interface SlackHandlerDeps {
  options: ResolvedSlackOptions;
  /** The core's door: every request enters through it, claimed once (the one road in). */
  door: Door;
  directory: SlackDirectory;
  /** The agent view: what each person looks at, and whose account they chose (agent-session.ts). */
  agentViews: AgentViews;
  responder: SlackResponder;
  /** Runs work after the ack; `stop()` waits for it (graceful shutdown, docs/reliability.md §6.1). Never rejects. */
  track(name: string, work: () => Promise<void>): Promise<void>;
  /**
   * Resolves when the work after an ack may start: once the receiver is quiet (quiet-gate.ts), so
   * that under a burst the requests already arriving are acknowledged first (bench/slack.ts). Pass
   * the listener's `context`: a command the HTTP receiver acknowledged on arrival was already held
   * until quiet, and is not held twice (a modal's trigger_id lasts 3 s).
   */
  afterAck(context?: Record<string, unknown>): Promise<void>;
}

/** The listeners' shared parts; their work after an ack is counted in `inFlight` and waits for `gate`. */
export function createHandlerDeps(
  options: ResolvedSlackOptions,
  inFlight: InFlight,
  gate: QuietGate,
): SlackHandlerDeps {
  const { logger } = options;
  const { dedupe, dedupeTtlMs } = options;
  return {
    options,
    door: options.core.register({ name: 'slack', logger, dedupe, dedupeTtlMs }),
    directory: new SlackDirectory(options.directoryTtlMs, logger),
    agentViews: new AgentViews(options.memory),
    responder: new SlackResponder({
      logger,
      httpTimeoutMs: options.httpTimeoutMs,
      auditThread: new AuditThread(options.now),
      now: options.now,
      apiUrl: options.apiUrl,
      memory: options.memory,
      workObjects: options.workObjects,
    }),
    track: (name, work) => {
      const p = work().catch((err: unknown) => {
        logger.error({ err: errorSummary(err), handler: name }, 'Slack handler failed');
      });
      inFlight.track(p);
      return p;
    },
    afterAck: (context) => (context?.[ACKED_ON_ARRIVAL] === true ? Promise.resolve() : gate.whenQuiet()),
  };
}
