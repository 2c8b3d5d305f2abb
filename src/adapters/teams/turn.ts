import { randomUUID } from 'node:crypto';
import type { Activity } from '@microsoft/agents-activity';
import type { ConnectorClient, TurnContext } from '@microsoft/agents-hosting';
import type { ChannelCapabilities, ChannelLogger, Core, Door, Enriched, InFlight } from '../../core/index.js';
import type { TeamsAuditThread } from './audit-thread.js';
import { type Budget, withinBudget } from './budget.js';
import type { TeamsConversation } from './conversation.js';
import type { HeldFiles } from './files.js';
import { addressesBot, type Normalised, normalise, opensSecretForm, textWithoutMention } from './incoming.js';
import type { TeamsPlace } from './place.js';
import { chatReferenceKey, type ReferenceStore, tenantReferenceKey, userReferenceKey } from './references.js';
import { isTeamOwner } from './roles.js';
import type { TeamsSender } from './sender.js';
import { openSetup } from './setup.js';
import type { PendingSetups } from './setup-pending.js';
import type { Targeting } from './targeting.js';
import { conversationAt } from './turn-conversation.js';

export { landedIn } from './turn-conversation.js';

/**
 * An authenticated activity at the core's door (docs/architecture.md §3.1, docs/teams.md §2): a
 * message, or the invoke of a card's `Action.Execute` (a button, or a secret form's inputs). The
 * envelope is cheap (the activity id, claimed once; the locale Teams sent); `enrich()` normalises
 * it. The invoke is answered in the same HTTP response: a card that replaces the pressed one, or a
 * short message to the presser.
 */
export interface TurnDeps {
  readonly core: Core;
  readonly door: Door;
  readonly appId: string;
  readonly tenantId: string;
  readonly connectorKey: symbol;
  readonly sender: TeamsSender;
  readonly auditThread: TeamsAuditThread;
  readonly targeting: Targeting;
  readonly references: ReferenceStore;
  /** How long an activity's request waits for its decision (budget.ts). */
  readonly budget: Budget;
  /** The answers of cards submitted once, by their nonce (a second submission gets the first's). */
  readonly submissions: Map<string, Promise<unknown>>;
  readonly logger: ChannelLogger;
  /** Files waiting for their consent card's answer (files.ts). */
  readonly files: HeldFiles;
  /** Work under way, a late answer included (budget.ts). */
  readonly inFlight: InFlight;
  /** Support-channel set-ups asked for and not yet submitted (setup.ts). */
  readonly setups: PendingSetups;
}

export interface Turn {
  readonly n: Normalised;
  /** Asks Teams now whether the sender owns the team (a shared conversation only). */
  readonly admin: () => Promise<boolean>;
  readonly can: ChannelCapabilities;
  readonly conversation: TeamsConversation;
  readonly deliveryId: string;
  /** Where the conversation's primitives speak. */
  readonly place: TeamsPlace;
}

/** The turn's conversation, its place and capabilities; the references kept for messages sent first. */
export async function turnOf(
  ctx: TurnContext,
  deps: TurnDeps,
  invoke?: {
    pressed?: { id: string; targeted: boolean };
    answer: (card: object, edited: boolean) => Promise<boolean>;
  },
): Promise<Turn> {
  const activity = ctx.activity as Activity;
  const n = normalise(activity, deps.tenantId);
  const conversationId = activity.conversation?.id ?? '';
  const isGroup = n.chat.kind === 'shared';
  const reference = { serviceUrl: activity.serviceUrl ?? '', tenantId: n.tenantId, conversationId, isGroup };
  await deps.references.set(chatReferenceKey(n.tenantId, conversationId), reference);
  await deps.references.set(tenantReferenceKey(n.tenantId), reference);
  if (!isGroup) await deps.references.set(userReferenceKey(n.tenantId, n.actor.id), reference);
  const connector = ctx.turnState.get(deps.connectorKey) as ConnectorClient;
  const bot = { id: activity.recipient?.id ?? `28:${deps.appId}`, name: activity.recipient?.name ?? '' };
  const { place, conversation } = await conversationAt(
    deps,
    { ...reference, connector, bot },
    n.actor,
    invoke,
  );
  const can = conversation.can;
  // Asked once per activity: the chat's role and an approval's role at the press are the same moment.
  let owner: Promise<boolean> | undefined;
  const admin = () => {
    owner ??= isTeamOwner(connector, activity, { sender: deps.sender, tenant: n.tenantId });
    return owner;
  };
  return { n, can, conversation, admin, place, deliveryId: deliveryIdOf(n.tenantId, activity) };
}

/**
 * A message: in a group chat or channel only when it @mentions the bot, the mention stripped. It
 * is acknowledged once its decision is made or its budget lapsed (then the typing indicator shows);
 * the answer goes through the Connector API either way (docs/teams.md §3.4).
 */
export async function onMessage(ctx: TurnContext, deps: TurnDeps): Promise<void> {
  const activity = ctx.activity as Activity;
  if (!addressesBot(activity)) return;
  const turn = await turnOf(ctx, deps);
  const log = { activity: activity.id, scope: turn.n.chat.kind };
  const work = received(ctx, turn, deps);
  if ((await withinBudget(work, 'message', deps, log)) === 'late')
    await turn.place.typing().catch(() => undefined);
}

function received(ctx: TurnContext, turn: Turn, deps: TurnDeps) {
  const activity = ctx.activity as Activity;
  const { n, can, deliveryId, admin } = turn;
  const sentAt = activity.timestamp ? new Date(activity.timestamp) : undefined;
  const text = textWithoutMention(activity);
  return deps.door.receive({
    deliveryId,
    locale: n.locale,
    conversation: turn.conversation,
    busy: 'answer',
    log: { activity: activity.id, scope: n.chat.kind },
    enrich: async (): Promise<Enriched | undefined> => {
      const chat = n.chat.kind === 'shared' ? { ...n.chat, userIsAdmin: await admin() } : n.chat;
      // A team owner's `team setup`: the set-up card, to them alone (setup.ts); anyone else, the core's answer.
      if (await openSetup(ctx, deps, turn, chat, text)) return undefined;
      return {
        text: {
          identity: n.identity,
          chat,
          text,
          via: 'command',
          ...(opensSecretForm(text, deps.core.commands) ? { inputIsPrivate: true } : {}),
          can,
          locale: n.locale,
          deliveryId,
          requestId: deliveryId,
          ...(sentAt && !Number.isNaN(sentAt.getTime()) ? { sentAt } : {}),
        },
      };
    },
  });
}

/**
 * The activity's id, claimed once (docs/architecture.md §3.1). Teams always sends one; an activity
 * without it cannot be told from a redelivery, so it gets an id of its own and runs, rather than
 * sharing one empty key with every other such activity and being dropped as its duplicate.
 */
function deliveryIdOf(tenantId: string, activity: Activity): string {
  return `teams:${tenantId}:${activity.id || `no-id:${randomUUID()}`}`;
}
