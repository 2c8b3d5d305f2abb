import type { App, webApi } from '@slack/bolt';
import { type Enriched, languageOf, messagesFor, wordsIn } from '../../core/index.js';
import { actingTurn } from './agent-session.js';
import { classifyCommand } from './command-text.js';
import type { SlackHandlerDeps } from './deps.js';
import { nextTurn } from './quiet-gate.js';
import { envelope, lookUp, type SlackTurn } from './turn.js';
import { slackWords } from './words/index.js';

/**
 * Text sent to the app outside the slash command (docs/interface.md §4.2): the Messages tab (a DM with the
 * app, `message.im`) takes the same commands as `/tel`, and an @mention in a channel
 * (`app_mention`) is answered like the slash command. Slack retries an event it thinks was not
 * received (`X-Slack-Retry-Num`), so each `event_id` runs once.
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

/**
 * Both events: counted under `kind`, run after the quiet gate's turn, answered once per `event_id`.
 * The Events API is acknowledged by the receiver, so the envelope starts at the claim.
 */
function runEvent(
  deps: SlackHandlerDeps,
  kind: string,
  client: webApi.WebClient,
  body: { event_id: string; team_id?: string },
  m: { user: string; channel: string; text: string },
): Promise<void> {
  return deps.track(kind, async () => {
    await nextTurn();
    const team = body.team_id ?? '';
    const req = { client, team, user: m.user, channel: m.channel };
    await deps.door.receive({
      ...envelope(deps, req, `slack:event:${team}:${body.event_id}`),
      enrich: async () => {
        const turn = await lookUp(deps, req);
        // In the DM, someone who chose a support channel's account in the agent view acts as its agent.
        const acting = turn.asker.chat.kind === 'private' ? await actingTurn(deps, turn) : undefined;
        return answer(deps, acting ?? turn, body.event_id, m.text);
      },
    });
  });
}

async function answer(
  deps: SlackHandlerDeps,
  turn: SlackTurn,
  eventId: string,
  text: string,
): Promise<Enriched | undefined> {
  const { options, responder } = deps;
  const { asker } = turn;
  const intent = classifyCommand(text, options.core.commands);
  // Never log the text: it may hold a password typed where it should not be.
  options.logger.debug({ team: turn.req.team, intent: intent.kind, kind: asker.chat.kind }, 'Slack message');
  // A form needs a trigger_id, which only the slash command and buttons carry; the PIN form's
  // command still runs, and the core asks for the PIN in words this channel can keep.
  if (intent.kind === 'refused' || (intent.kind === 'form' && intent.form.kind !== 'pin')) {
    const t = messagesFor(asker.locale);
    // A password typed where the channel reads it, which Slack does not let the bot delete: the
    // asker alone is told at once to change it (docs/privacy.md §2.2).
    const exposed =
      intent.form.kind === 'credentials' && intent.kind === 'refused' && asker.chat.kind === 'shared';
    const words = t.formsNeedCommand(options.command);
    await responder.notice(
      turn.target,
      exposed ? `${wordsIn(slackWords, languageOf(asker.locale)).passwordExposed} ${words}` : words,
    );
    return undefined;
  }
  const input = {
    ...asker,
    text: intent.text,
    requestId: eventId,
    // A DM is seen by the bot alone (an agent acting for a support channel types there too); a mention by the whole channel.
    inputIsPrivate: turn.conv.kind === 'private',
  };
  return { conversation: turn.conv, text: input };
}
