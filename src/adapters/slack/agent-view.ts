import type { App, BlockAction, ButtonAction, webApi } from '@slack/bolt';
import { languageOf, wordsIn } from '../../core/index.js';
import { AGENT_VIEW_PREFIX, agentFor, channelName } from './agent-session.js';
import type { SlackHandlerDeps } from './deps.js';
import { escapeMrkdwn } from './escape.js';
import { userLocale } from './turn.js';
import { slackWords } from './words/index.js';

/** Slack's events of the agent view (`@slack/types` AppContextChangedEvent, assistant thread events). */
interface ContextEvent {
  user?: string;
  channel?: string;
  context?: { entities?: { type: string; value: unknown }[]; channel_id?: string };
  assistant_thread?: {
    user_id: string;
    channel_id: string;
    thread_ts: string;
    context?: { channel_id?: string };
  };
}

/**
 * The bot's DM as Slack's agent view (docs/channels.md §2.3): suggested prompts in the person's
 * language when a thread starts; when they look at a channel (`app_context_changed`, or the
 * assistant thread's context), the DM offers that channel's account, only if it is a support
 * channel and they are its agent now. Choosing it makes DM answers the channel's (agent-session.ts).
 */
export function registerAgentView(app: App, deps: SlackHandlerDeps): void {
  app.event('app_context_changed', async ({ event, body, client }) => {
    const e = event as ContextEvent;
    const looked = e.context?.entities?.find((x) => x.type === 'slack#/types/channel_id')?.value;
    const user = e.user;
    if (!user) return;
    const channel = typeof looked === 'string' ? looked : undefined;
    await deps.track('app_context_changed', () =>
      lookedAt(deps, client, body.team_id ?? '', user, e.channel, channel),
    );
  });
  app.event('assistant_thread_context_changed', async ({ event, body, client }) => {
    const t = (event as ContextEvent).assistant_thread;
    if (!t) return;
    // Tracked as its neighbours are: a failure is logged and counted, never lost.
    await deps.track('assistant_thread_context_changed', () =>
      lookedAt(deps, client, body.team_id ?? '', t.user_id, t.channel_id, t.context?.channel_id, t.thread_ts),
    );
  });
  app.event('assistant_thread_started', async ({ event, body, client }) => {
    const t = (event as ContextEvent).assistant_thread;
    if (!t) return;
    const team = body.team_id ?? '';
    await deps.track('assistant_thread_started', async () => {
      const words = wordsIn(slackWords, languageOf((await userLocale(deps, client, team, t.user_id)).locale));
      await client.assistant.threads.setSuggestedPrompts({
        channel_id: t.channel_id,
        thread_ts: t.thread_ts,
        prompts: words.agentView.prompts.map((p) => ({ ...p })),
      });
      await lookedAt(deps, client, team, t.user_id, t.channel_id, t.context?.channel_id, t.thread_ts);
    });
  });
  app.action<BlockAction<ButtonAction>>(
    new RegExp(`^${AGENT_VIEW_PREFIX}`),
    async ({ body, action, client }) => {
      // Acknowledged by the listener of every block action (actions.ts), which leaves these to this one.

      const team = body.team?.id ?? '';
      const user = body.user.id;
      const dm = body.channel?.id ?? '';
      const channel = action.value ?? '';
      const t = await wordsOf(deps, client, team, user);
      // The press grants nothing: the agent is checked now, and again with every answer.
      const agent = channel ? await agentFor(deps, client, team, user, channel) : undefined;
      await deps.agentViews.act(team, user, agent ? channel : undefined);
      const text = agent ? t.actingAs(await channelName(client, channel), agent.account) : t.own;
      if (dm) await client.chat.postMessage({ channel: dm, text: escapeMrkdwn(text) });
    },
  );
}

async function wordsOf(deps: SlackHandlerDeps, client: webApi.WebClient, team: string, user: string) {
  return wordsIn(slackWords, languageOf((await userLocale(deps, client, team, user)).locale)).agentView;
}

/** The person looks at `looked` (or nothing): offer its account in the DM when they are its agent now. */
async function lookedAt(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  team: string,
  user: string,
  dm: string | undefined,
  looked: string | undefined,
  threadTs?: string,
): Promise<void> {
  deps.agentViews.look(team, user, looked);
  if (!looked || !dm || (await deps.agentViews.acting(team, user)) === looked) return;
  const agent = await agentFor(deps, client, team, user, looked);
  // Never offered to anyone who is not that channel's agent: nothing about the channel is said.
  if (!agent) return;
  const t = await wordsOf(deps, client, team, user);
  const name = await channelName(client, looked);
  const text = escapeMrkdwn(t.offer(name, agent.account));
  await client.chat.postMessage({
    channel: dm,
    ...(threadTs ? { thread_ts: threadTs } : {}),
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            style: 'primary',
            action_id: `${AGENT_VIEW_PREFIX}use`,
            value: looked,
            text: { type: 'plain_text', text: t.use(agent.account).slice(0, 75) },
          },
          {
            type: 'button',
            action_id: `${AGENT_VIEW_PREFIX}own`,
            value: '',
            text: { type: 'plain_text', text: t.keep },
          },
        ],
      },
    ],
  });
}
