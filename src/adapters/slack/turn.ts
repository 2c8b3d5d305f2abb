import type { webApi } from '@slack/bolt';
import type {
  Arrival,
  ChannelCapabilities,
  ChatRef,
  Conversation,
  Identity,
  PlacedOutcome,
  Shown,
} from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import type { SlackUserFacts } from './directory.js';
import { type ReplyTarget, SLACK_CAN } from './responder.js';

/**
 * What every Slack listener shares on its way to the core's door (docs/interface.md §4.2; docs/reliability.md
 * §2.2, docs/architecture.md §4.2): acknowledge and track ({@link acknowledged}), the cheap envelope
 * the core claims ({@link envelope}), and the lookup the core runs only for a claimed request
 * ({@link lookUp}). Each listener says what its payload carries ({@link SlackRequest}) and what it asks.
 */

/** Identities are keyed by team and user: `slack:T…:U…` (docs/accounts.md §1.1). */
export function slackIdentity(team: string, user: string, facts: SlackUserFacts = {}): Identity {
  return {
    platform: 'slack',
    tenant: team,
    user,
    ...(facts.displayName ? { displayName: facts.displayName } : {}),
    ...(facts.groups ? { groups: facts.groups } : {}),
  };
}

/**
 * Conversation ids starting with `D` are direct messages. Only the app's own DM with the user is
 * private: `/tel` also works in a DM between two people, where the other person reads along
 * (`SlackDirectory.isAppDm` tells them apart).
 */
export function isDirectMessage(channel: string): boolean {
  return channel.startsWith('D');
}

export function slackChat(
  channel: string,
  facts: SlackUserFacts = {},
  appDm = isDirectMessage(channel),
): ChatRef {
  return {
    id: channel,
    kind: appDm ? 'private' : 'shared',
    ...(facts.isAdmin !== undefined ? { userIsAdmin: facts.isAdmin } : {}),
  };
}

/** What one request tells about who asks, where, and the ways Slack gave to answer. */
export interface SlackRequest {
  client: webApi.WebClient;
  team: string;
  user: string;
  /** The conversation; '' where there is none (a Home tab press, a global shortcut). */
  channel: string;
  responseUrl?: string | undefined;
  /** Valid for 3 s (Slack, "Handling user interaction"): a form can open on it until then. */
  triggerId?: string | undefined;
  /** The message that carried a pressed button. */
  messageTs?: string | undefined;
  /** The pressed message is ephemeral: only the presser sees it. */
  pressedPrivately?: boolean | undefined;
  /** A modal already open for this request (the arrival's "checking" form), which a form replaces. */
  viewId?: string | undefined;
}

/** Who asks where, as every core entry takes it, with what Slack can do. */
export interface SlackAsker {
  identity: Who['identity'];
  chat: ChatRef;
  locale?: string;
  timeZone?: string;
  can: ChannelCapabilities;
}

/** A request after the envelope: who asks, where answers go, and the conversation to deliver through. */
export interface SlackTurn {
  readonly req: SlackRequest;
  readonly who: Who;
  readonly asker: SlackAsker;
  readonly target: ReplyTarget;
  readonly conv: Conversation;
}

export interface TurnOptions {
  /** The user's facts even in a DM (the admin flag for `team setup`). */
  forceLookup?: boolean;
  /**
   * A surface with no conversation (the Home tab): the chat the core sees, and only the user's
   * language and zone are looked up (no channel to judge, no groups).
   */
  chat?: ChatRef;
}

/** The reply target of a request: built here only, before the lookup (`chat` unknown yet) or after. */
export function replyTarget(req: SlackRequest, chat: ChatRef = preliminaryChat(req.channel)): ReplyTarget {
  return {
    client: req.client,
    channel: req.channel,
    user: req.user,
    chat,
    tenant: req.team,
    ...(req.responseUrl ? { responseUrl: req.responseUrl } : {}),
    ...(req.messageTs ? { messageTs: req.messageTs } : {}),
    ...(req.triggerId ? { triggerId: req.triggerId } : {}),
    ...(req.pressedPrivately ? { pressedPrivately: true } : {}),
    ...(req.viewId ? { viewId: req.viewId } : {}),
  };
}

/** Before `users.info` answers: a `D…` conversation is private, anything else (or none) shared. */
function preliminaryChat(channel: string): ChatRef {
  return channel ? slackChat(channel) : { id: '', kind: 'shared' };
}

/**
 * Acknowledges at once, then runs `work` counted for a graceful stop and after the quiet gate
 * (quiet-gate.ts). `context`: the listener's, so a command the HTTP receiver already acknowledged
 * and held is not held twice; `'at-once'`: the work opens a modal first, which nothing may hold
 * past its trigger_id's 3 s.
 */
export async function acknowledged(
  deps: SlackHandlerDeps,
  kind: string,
  ack: () => Promise<void>,
  work: () => Promise<void>,
  context?: Record<string, unknown> | 'at-once',
): Promise<void> {
  await ack();
  await deps.track(kind, async () => {
    if (context !== 'at-once') await deps.afterAck(context);
    await work();
  });
}

/**
 * The cheap envelope of a request, before any lookup: its delivery id (`claim`, the core claims it
 * once; a retry, X-Slack-Retry-Num or a second instance, is dropped on it), the conversation as
 * the channel id tells it, and the way a notice reaches the person (ephemeral, `response_url`).
 * The notice speaks the user's language: known from an earlier request, else from `users.info`
 * (Slack answers while our store does not), else every language the core speaks.
 */
export function envelope(
  deps: SlackHandlerDeps,
  req: SlackRequest,
  claim: string | undefined,
): Omit<Arrival, 'enrich'> {
  const target = replyTarget(req);
  const known = deps.directory.known(req.team, req.user)?.locale;
  return {
    ...(claim !== undefined ? { deliveryId: claim } : {}),
    ...(known ? { locale: known } : {}),
    lookupLocale: async () =>
      req.team ? (await userLocale(deps, req.client, req.team, req.user)).locale : undefined,
    conversation: deps.responder.conversation(target),
    notice: (text) => deps.responder.notice(target, text),
    log: { team: req.team },
  };
}

/** The lookup of a claimed request: who asks where, the reply target and the conversation to deliver through. */
export async function lookUp(
  deps: SlackHandlerDeps,
  req: SlackRequest,
  options: TurnOptions = {},
): Promise<SlackTurn> {
  const who = options.chat
    ? {
        identity: slackIdentity(req.team, req.user),
        chat: options.chat,
        ...(await userLocale(deps, req.client, req.team, req.user)),
      }
    : await whoAndWhere(deps, req.client, req.team, req.user, req.channel, options.forceLookup);
  const target = replyTarget(req, who.chat);
  return { req, who, asker: { ...who, can: SLACK_CAN }, target, conv: deps.responder.conversation(target) };
}

/** The whole decision is the core's to deliver: the channel shows none of it itself. */
export const shown = async (decided: PlacedOutcome): Promise<Shown> => ({ rest: decided });

/** Who asks where, and in which language and time zone (docs/language.md §1.2, §2.1), as the core takes them. */
export interface Who {
  identity: Identity;
  chat: ChatRef;
  locale?: string;
  timeZone?: string;
}

/**
 * The core's view of who asks where. The user's language and zone come from `users.info` (cached);
 * the admin flag and user groups matter only in shared channels (support channels, `team setup`),
 * so DMs skip the group listing.
 */
export async function whoAndWhere(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  team: string,
  user: string,
  channel: string,
  force = false,
): Promise<Who> {
  const appDm = !force && isDirectMessage(channel) && (await deps.directory.isAppDm(client, channel));
  const shared = !appDm;
  const facts = await deps.directory.user(client, team, user, { groups: shared });
  return {
    identity: slackIdentity(team, user, facts),
    chat: slackChat(channel, shared ? facts : { ...facts, isAdmin: undefined }, appDm),
    ...(facts.locale ? { locale: facts.locale } : {}),
    ...(facts.timeZone ? { timeZone: facts.timeZone } : {}),
  };
}

/** The user's Slack language and zone (`users.info`, cached), for the core (docs/language.md §1.2, §2.1). */
export async function userLocale(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  team: string,
  user: string,
): Promise<{ locale?: string; timeZone?: string }> {
  const facts = await deps.directory.user(client, team, user, { groups: false });
  return {
    ...(facts.locale ? { locale: facts.locale } : {}),
    ...(facts.timeZone ? { timeZone: facts.timeZone } : {}),
  };
}
