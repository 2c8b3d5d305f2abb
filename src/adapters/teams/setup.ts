import type { Activity } from '@microsoft/agents-activity';
import type { ConnectorClient, TurnContext } from '@microsoft/agents-hosting';
import {
  ACTOR_MARK,
  type ChatRef,
  type Enriched,
  formAsked,
  type Language,
  languageOf,
  maySetUpSupport,
  type Received,
  wordsIn,
} from '../../core/index.js';
import { newNonce } from './forms.js';
import { type InvokeAnswer, pressArrival, type Submission, textCard } from './invoke-answer.js';
import { isOwnerOf, teamOf } from './roles.js';
import { type Roster, teamRoster } from './roster.js';
import { type SetupSubmission, setupCard } from './setup-card.js';
import type { PendingSetup } from './setup-pending.js';
import type { Turn, TurnDeps } from './turn.js';
import { conversationAt } from './turn-conversation.js';
import { teamsWords } from './words/index.js';

/**
 * A support channel set up from Teams (docs/teams.md §2.1), through the core's own command (`team
 * setup`, the command table's `support-setup` form) and its `setupSupportChannel`. A team owner's
 * request gets the set-up card, to them alone (a targeted card, else their personal chat with a
 * note in the channel); anyone else's goes to the core, which refuses it in its own words. The
 * submission is checked against the set-up asked for (setup-pending.ts) and the owner asked of
 * Teams again; the core checks the credentials with the provider and stores them encrypted.
 */
export async function openSetup(ctx: TurnContext, deps: TurnDeps, turn: Turn, chat: ChatRef, text: string) {
  const asked = formAsked(deps.core.commands, text.split(/\s+/).filter(Boolean));
  if (asked?.kind !== 'open' || asked.form.kind !== 'support-setup' || !maySetUpSupport(chat)) return false;
  const activity = ctx.activity as Activity;
  const { n, conversation } = turn;
  const team = teamOf(activity) ?? chat.id;
  const language = languageOf(n.locale);
  const roster = await teamRoster(connectorOf(ctx, deps), team, { sender: deps.sender, tenant: n.tenantId });
  const nonce = newNonce();
  await deps.setups.set(n.tenantId, n.actor.id, {
    chat: chat.id,
    team,
    serviceUrl: activity.serviceUrl ?? '',
    nonce,
  });
  const card = {
    type: 'message' as const,
    attachments: [setupCard({ language, chat: chat.id, roster, nonce })],
  };
  if ((await conversation.toAsker(card, language)) === 'unreachable') {
    const words = wordsIn(conversation.can.privateWords, language);
    await conversation.post({ text: words.cantReach(ACTOR_MARK), language, tone: 'warning' });
  }
  return true;
}

/** What the invoke answers (a card replacing the set-up card, or a short message), and how it is claimed. */
export interface SetupAnswer extends Submission {
  readonly answer: InvokeAnswer;
}

/**
 * The set-up card's submission at the core's door, within the press's budget (docs/teams.md §3.4):
 * claimed once by the card's nonce, so a card submitted twice sets up once.
 */
export function submitSetup(
  ctx: TurnContext,
  deps: TurnDeps,
  turn: Turn,
  pressed: SetupSubmission,
  submission: SetupAnswer,
): Promise<Received> {
  const { answer } = submission;
  const language = languageOf(pressed.language ?? turn.n.locale);
  const s: Submitting = { ctx, deps, turn, pressed, answer, language, team: '' };
  return deps.door.receive({
    ...pressArrival(turn, answer, submission, { activity: (ctx.activity as Activity).id, invoke: 'setup' }),
    enrich: () => {
      submission.claimed();
      return setupRequest(s);
    },
    // Refused (bad credentials, no longer an owner): the card again with the error, nothing stored.
    show: async (decision) => {
      const first = decision.followUps?.[0];
      if (first?.tone !== 'error') {
        await answer.card(textCard(wordsIn(teamsWords, language).setupUsed), false);
        return { rest: decision };
      }
      const roster = await teamRoster(connectorOf(ctx, deps), s.team, viaOf(s));
      // Late, and the card not to be replaced: the error goes as the decision's own follow-up.
      return (await answer.card(await againCard(s, roster, first.text ?? ''), false))
        ? {}
        : { rest: decision };
    },
  });
}

interface Submitting {
  readonly ctx: TurnContext;
  readonly deps: TurnDeps;
  readonly turn: Turn;
  readonly pressed: SetupSubmission;
  readonly answer: InvokeAnswer;
  readonly language: Language;
  /** The team of the set-up asked for, once read. */
  team: string;
  /** The set-up asked for, once read. */
  pending?: PendingSetup;
}

/** The core's set-up for the channel the owner asked from, answered there; a stale card, nothing. */
async function setupRequest(s: Submitting): Promise<Enriched | undefined> {
  const { ctx, deps, turn, pressed } = s;
  const { n } = turn;
  const pending = await deps.setups.get(n.tenantId, n.actor.id);
  const stale = !pending || pending.used || pending.chat !== pressed.chat;
  if (stale || (pending.nonce !== undefined && pending.nonce !== pressed.nonce)) {
    await s.answer.card(textCard(wordsIn(teamsWords, s.language).setupStale), false);
    return undefined;
  }
  s.team = pending.team;
  s.pending = pending;
  const connector = connectorOf(ctx, deps);
  const at = {
    connector,
    serviceUrl: pending.serviceUrl,
    conversationId: pending.chat,
    isGroup: true,
    tenantId: n.tenantId,
    bot: botOf(ctx, deps),
  };
  // Submitted from the personal chat: the outcome is still the channel's.
  const channel =
    n.chat.id === pending.chat ? turn.conversation : (await conversationAt(deps, at, n.actor)).conversation;
  const userIsAdmin = await isOwnerOf(connector, pending.team, n.actor.id, viaOf(s));
  const call = async () => {
    const done = await deps.core.setupSupportChannel({
      identity: n.identity,
      chat: { id: pending.chat, kind: 'shared', userIsAdmin },
      account: pressed.account,
      ...(pressed.card ? { card: pressed.card } : {}),
      agents: [...pressed.agents],
      ...(n.locale ? { locale: n.locale } : {}),
    });
    if (done.tone !== 'error') await deps.setups.set(n.tenantId, n.actor.id, { ...pending, used: true });
    return done;
  };
  return { conversation: channel, call };
}

/**
 * The card again after a refusal: the error, the username and agents kept, never a password; a new
 * card with a new nonce, the one the pending set-up now accepts.
 */
async function againCard(s: Submitting, roster: Roster, error: string): Promise<object> {
  const kept = { username: s.pressed.account.username, agents: s.pressed.agents };
  const nonce = newNonce();
  const { tenantId, actor } = s.turn.n;
  if (s.pending) await s.deps.setups.set(tenantId, actor.id, { ...s.pending, nonce });
  return setupCard({ language: s.language, chat: s.pressed.chat, roster, error, kept, nonce }).content;
}

const viaOf = (s: Submitting) => ({ sender: s.deps.sender, tenant: s.turn.n.tenantId });

const connectorOf = (ctx: TurnContext, deps: TurnDeps) =>
  ctx.turnState.get(deps.connectorKey) as ConnectorClient;

const botOf = (ctx: TurnContext, deps: TurnDeps) => {
  const recipient = (ctx.activity as Activity).recipient;
  return { id: recipient?.id ?? `28:${deps.appId}`, name: recipient?.name ?? '' };
};
