import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TurnContext } from '@microsoft/agents-hosting';
import { type Channel, InFlight } from '../../core/index.js';
import { TeamsAuditThread } from './audit-thread.js';
import { timerBudget } from './budget.js';
import { teamsChannel } from './channel.js';
import { onFileConsent } from './file-consent.js';
import { HeldFiles } from './files.js';
import { authConfigOf, TEAMS_MAX_BODY_BYTES, TeamsCloudAdapter, teamsHttpHandler } from './http.js';
import type { TeamsOptions } from './options.js';
import { onInvoke } from './press.js';
import { storedReferences } from './references.js';
import { DEFAULT_RETRY } from './send.js';
import { TeamsSender } from './sender.js';
import { pendingSetups } from './setup-pending.js';
import { Targeting } from './targeting.js';
import { onMessage, type TurnDeps } from './turn.js';

export type { TeamsOptions } from './options.js';
export type { ReferenceStore, TeamsReference } from './references.js';

/**
 * Microsoft Teams as a channel (docs/teams.md): the Microsoft 365 Agents SDK's `CloudAdapter`
 * behind `POST /api/messages` on the bot's one HTTP server, each activity handed to the core's
 * door, and a `Channel` for what the core sends first.
 */
export interface TeamsChannel {
  readonly http: {
    path: string;
    handler: (req: IncomingMessage, res: ServerResponse) => void;
    maxBodyBytes: number;
  };
  readonly notifier: Channel;
  /** True once an authenticated activity arrived (docs/operations.md §2.2). */
  receiving(): boolean;
  /**
   * Lets the work under way finish, late answers included (docs/teams.md §3.4), at most
   * `timeoutMs`; true when all finished.
   */
  stop(timeoutMs: number): Promise<boolean>;
}

export function createTeamsChannel(options: TeamsOptions): TeamsChannel {
  const adapter = new TeamsCloudAdapter(authConfigOf(options));
  const targeting = new Targeting(options.targeted ?? 'auto', options.memory);
  const references = storedReferences(options.references);
  const sender = new TeamsSender(options.retry ?? DEFAULT_RETRY);
  const door = options.core.register({
    name: 'teams',
    logger: options.logger,
    ...(options.dedupe ? { dedupe: options.dedupe } : {}),
  });
  const deps: TurnDeps = {
    core: options.core,
    door,
    appId: options.appId,
    tenantId: options.tenantId,
    connectorKey: adapter.ConnectorClientKey,
    sender,
    auditThread: new TeamsAuditThread(),
    targeting,
    references,
    budget: options.budget ?? timerBudget,
    submissions: new Map(),
    files: new HeldFiles(),
    inFlight: new InFlight(),
    logger: options.logger,
    setups: pendingSetups(options.references),
  };
  let received = false;
  const logic = async (ctx: TurnContext) => {
    received = true;
    const { type, name } = ctx.activity;
    if (type === 'message') await onMessage(ctx, deps);
    else if (type === 'invoke' && name === 'adaptiveCard/action') await onInvoke(ctx, deps);
    else if (type === 'invoke' && name === 'fileConsent/invoke') await onFileConsent(ctx, deps);
  };
  return {
    http: {
      path: options.path ?? '/api/messages',
      handler: teamsHttpHandler(adapter, logic, options.logger),
      maxBodyBytes: TEAMS_MAX_BODY_BYTES,
    },
    notifier: teamsChannel({
      adapter,
      appId: options.appId,
      references,
      sender,
      targeting,
      files: deps.files,
    }),
    receiving: () => received,
    stop: (timeoutMs) => deps.inFlight.drain(timeoutMs),
  };
}
