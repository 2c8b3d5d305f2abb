import type { webApi } from '@slack/bolt';
import {
  type ChannelMemory,
  type Conversation,
  type Identity,
  languageOf,
  type Reply,
  wordsIn,
} from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import type { SlackTurn } from './turn.js';
import { replyTarget, slackIdentity } from './turn.js';
import { slackWords } from './words/index.js';

/** Buttons of the agent view's offer: `av:use:<channel>` and `av:own`. */
export const AGENT_VIEW_PREFIX = 'av:';

/** How long a chosen support channel is kept: a working day; the agent is checked at each use anyway. */
export const AGENT_CHOICE_TTL_MS = 10 * 60 * 60 * 1000;

/**
 * What the agent view knows of each person (docs/channels.md §2.3): the channel they are looking at
 * (`app_context_changed`, in memory: the next event says it again), and the support channel whose
 * account they chose to act with, kept in the bot's store for `AGENT_CHOICE_TTL_MS` so that a
 * restart does not drop it. The choice grants nothing by itself: every answer checks the agent
 * anew (`agentFor`).
 */
export class AgentViews {
  readonly #viewing = new Map<string, string>();
  readonly #memory: ChannelMemory;

  constructor(memory: ChannelMemory) {
    this.#memory = memory;
  }

  viewing(team: string, user: string): string | undefined {
    return this.#viewing.get(`${team}:${user}`);
  }
  look(team: string, user: string, channel: string | undefined): void {
    if (channel) this.#viewing.set(`${team}:${user}`, channel);
    else this.#viewing.delete(`${team}:${user}`);
  }
  async acting(team: string, user: string): Promise<string | undefined> {
    return (await this.#memory.recall(choiceKey(team, user))) || undefined;
  }
  /** Chooses `channel`, or acting as nobody (kept as empty: the port has no delete). */
  act(team: string, user: string, channel: string | undefined): Promise<void> {
    return this.#memory.remember(choiceKey(team, user), channel ?? '', AGENT_CHOICE_TTL_MS);
  }
}

const choiceKey = (team: string, user: string) => `slack:agent-view:${team}:${user}`;

/**
 * The support channel's account for this person now: their user groups read past every cache and
 * the channel's agents read from the store by the core (`Core.agentAccount`). `audit` writes the
 * use into the channel's audit log.
 */
export async function agentFor(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  team: string,
  user: string,
  channel: string,
  audit?: string,
): Promise<{ identity: Identity; account: string } | undefined> {
  const identity = slackIdentity(team, user, await deps.directory.userNow(client, team, user));
  const chat = { id: channel, kind: 'shared' as const };
  const account = await deps.options.core.agentAccount({ identity, chat, ...(audit ? { audit } : {}) });
  return account ? { identity, account } : undefined;
}

/** `#name` of a channel (`conversations.info`), else its mention. */
export async function channelName(client: webApi.WebClient, channel: string): Promise<string> {
  try {
    const info = await client.conversations.info({ channel });
    return info.channel?.name ? `#${info.channel.name}` : channel;
  } catch {
    return channel;
  }
}

/**
 * A DM message from someone acting as a support channel's agent: the turn the core sees is the
 * support channel's (its account, its rules, its audit), after a fresh agent check; answers stay
 * in the DM, each saying as whom it answers, and the audit records go to the channel's thread.
 * Undefined when the person acts as nobody, or is no longer that channel's agent (then the
 * choice is dropped, and told).
 */
export async function actingTurn(deps: SlackHandlerDeps, turn: SlackTurn): Promise<SlackTurn | undefined> {
  const { req } = turn;
  const channel = await deps.agentViews.acting(req.team, req.user);
  if (!channel) return undefined;
  const t = wordsIn(slackWords, languageOf(turn.asker.locale)).agentView;
  const name = await channelName(req.client, channel);
  const agent = await agentFor(deps, req.client, req.team, req.user, channel, t.audit);
  if (!agent) {
    await deps.agentViews.act(req.team, req.user, undefined);
    await deps.responder.notice(turn.target, t.notAgent(name));
    return undefined;
  }
  const chat = { id: channel, kind: 'shared' as const };
  const support = deps.responder.conversation(replyTarget({ ...req, channel, responseUrl: undefined }, chat));
  return {
    ...turn,
    asker: { ...turn.asker, identity: agent.identity, chat },
    conv: actingConversation(turn.conv, support, t.actingAs(name, agent.account)),
  };
}

/** The DM's conversation, every answer headed by `notice`, its audit records in the support channel. */
function actingConversation(dm: Conversation, support: Conversation, notice: string): Conversation {
  const said = (r: Reply): Reply => ({ ...r, text: r.text ? `${notice}\n${r.text}` : notice });
  return {
    ...dm,
    post: (r, form) => dm.post(said(r), form),
    // The DM is seen by the agent alone: what is for them alone is posted there.
    showToActor: async (r, form) => {
      await dm.post(said(r), form);
      return true;
    },
    postPrivately: (r, form) => dm.postPrivately(said(r), form),
    ...(support.audit ? { audit: support.audit } : {}),
  };
}
