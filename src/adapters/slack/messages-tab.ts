import type { App, webApi } from '@slack/bolt';
import { messagesFor } from '../../core/messages.js';
import { claimRequest } from './claim.js';
import { classifyCommand } from './command-text.js';
import { type SlackHandlerDeps, whoAndWhere } from './deps.js';
import { slackChat } from './normalise.js';
import { nextTurn } from './quiet-gate.js';
import { type ReplyTarget, SLACK_CAN } from './responder.js';

/**
 * Text sent to the app outside the slash command (issue 16): the Messages tab (a DM with the app,
 * `message.im`) takes the same commands as `/tel`, and an @mention in a channel (`app_mention`) is
 * answered like the slash command. Slack retries an event it thinks was not received
 * (`X-Slack-Retry-Num`), so each `event_id` runs once.
 */
export function registerMessages(app: App, deps: SlackHandlerDeps): void {
  app.event('message', async ({ event, body, client }) => {
    // Only a person's plain message in a DM with the app: not edits, joins, or bots (our own answers).
    if (event.channel_type !== 'im' || event.subtype !== undefined || 'bot_id' in event) return;
    const e = event as { user?: string; text?: string; channel: string };
    if (!e.user) return;
    await runEvent(deps, 'message.im', client, body, {
      user: e.user,
      channel: e.channel,
      text: e.text ?? '',
    });
  });

  app.event('app_mention', async ({ event, body, client }) => {
    if (!event.user || event.bot_id) return;
    await runEvent(deps, 'app_mention', client, body, {
      user: event.user,
      channel: event.channel,
      // `<@UBOT> balance` → `balance`: the mention addresses the app, the rest is the command.
      text: (event.text ?? '').replace(/<@[A-Z0-9]+(?:\|[^>]*)?>/g, ' '),
    });
  });
}

/** Both events: counted under `kind`, run after the quiet gate's turn, answered once per `event_id`. */
function runEvent(
  deps: SlackHandlerDeps,
  kind: string,
  client: webApi.WebClient,
  body: { event_id: string; team_id?: string },
  m: { user: string; channel: string; text: string },
): Promise<void> {
  return deps.track(kind, async () => {
    await nextTurn();
    await answer(deps, client, { eventId: body.event_id, team: body.team_id ?? '', ...m });
  });
}

async function answer(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  m: { eventId: string; team: string; user: string; channel: string; text: string },
): Promise<void> {
  const { options, responder } = deps;
  const claim = await claimRequest(deps, `slack:event:${m.team}:${m.eventId}`, {
    client,
    channel: m.channel,
    user: m.user,
    tenant: m.team,
    chat: slackChat(m.channel),
  });
  if (claim !== 'first') {
    if (claim === 'duplicate') options.logger.info({ team: m.team }, 'Slack retried event dropped');
    return;
  }
  const intent = classifyCommand(m.text, options.core.commands);
  const { identity, chat, locale, timeZone } = await whoAndWhere(deps, client, m.team, m.user, m.channel);
  const target: ReplyTarget = { client, channel: m.channel, user: m.user, chat };
  // Never log the text: it may hold a password typed where it should not be.
  options.logger.debug({ team: m.team, intent: intent.kind, kind: chat.kind }, 'Slack message');
  switch (intent.kind) {
    case 'core': {
      const replies = await options.core.handleText({
        identity,
        chat,
        text: intent.text,
        requestId: m.eventId,
        can: SLACK_CAN,
        // A DM is seen by the bot alone; a mention is seen by the whole channel.
        inputIsPrivate: chat.kind === 'private',
        ...(locale ? { locale } : {}),
        ...(timeZone ? { timeZone } : {}),
      });
      await options.core.deliver(responder.conversation(target), replies);
      return;
    }
    case 'refused':
    case 'link-modal':
    case 'setup-modal':
      // Forms need a trigger_id, which only the slash command and buttons carry.
      await responder.notice(target, messagesFor(locale).formsNeedCommand(options.command));
      return;
  }
}
