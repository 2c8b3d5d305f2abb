import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs, webApi } from '@slack/bolt';
import { type Enriched, languageOf, maySetUpSupport, messagesFor, wordsIn } from '../../core/index.js';
import { type CommandIntent, classifyCommand } from './command-text.js';
import type { SlackHandlerDeps } from './deps.js';
import { openFormFirst, showInForm } from './form-turn.js';
import { statusModal } from './modals.js';
import { bodyDigest } from './normalise.js';
import { acknowledged, envelope, lookUp, type SlackRequest, type SlackTurn, shown } from './turn.js';
import { slackWords } from './words/index.js';

/**
 * The one slash command's road to the core (docs/interface.md §4.2, docs/architecture.md §4.2),
 * straight: acknowledged first, with an empty body, before anything that could be slow; its form
 * opened within the trigger's 3 s (form-turn.ts); then handed to the core's door, which claims it
 * once (a retried delivery, `X-Slack-Retry-Num` or a second instance, is dropped on the claim),
 * calls `enrich()` here for the lookup and what is asked, decides and delivers.
 */
export function slashCommand(
  deps: SlackHandlerDeps,
  { command, ack, client, context }: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
): Promise<void> {
  return acknowledged(deps, 'command', ack, () => runCommand(deps, client, command), context);
}

async function runCommand(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  cmd: SlackCommandMiddlewareArgs['command'],
): Promise<void> {
  const intent = classifyCommand(cmd.text ?? '', deps.options.core.commands);
  const req: SlackRequest = {
    client,
    team: cmd.team_id,
    user: cmd.user_id,
    channel: cmd.channel_id,
    responseUrl: cmd.response_url,
    triggerId: cmd.trigger_id,
  };
  const viewId = await openFormFirst(deps, req, intent);
  if (viewId === 'done') return;
  const asked = viewId ? { ...req, viewId } : req;
  // Never a digest of the text: `/tel topup <PIN>` would put a hash of the PIN in the shared store
  // (docs/privacy.md §2.4). A retry carries the same trigger and response URL.
  const claim = `slack:cmd:${cmd.team_id}:${cmd.trigger_id || bodyDigest({ url: cmd.response_url })}`;
  const forceLookup = intent.kind === 'form' && intent.form.kind === 'support-setup';
  let turn: SlackTurn | undefined;
  await deps.door.receive({
    ...envelope(deps, asked, claim),
    // The provider's backlog is full: "busy, try again" at once, ephemeral, instead of silence.
    // HTTP mode says it in the ack already (http-receiver.ts); what turned busy since is said here.
    busy: 'answer',
    async enrich() {
      turn = await lookUp(deps, asked, { forceLookup });
      return answer(deps, turn, intent);
    },
    show: (decided) => (turn && intent.kind === 'form' ? showInForm(turn, decided) : shown(decided)),
  });
}

/** What the command asked of the core, or nothing when the channel answered it (a refusal, the set-up form's state). */
async function answer(
  deps: SlackHandlerDeps,
  turn: SlackTurn,
  intent: CommandIntent,
): Promise<Enriched | undefined> {
  const { options, responder } = deps;
  const { req, target, asker, conv } = turn;
  // Never log the text: `/tel link user pass` would put a password in the log.
  options.logger.debug({ team: req.team, intent: intent.kind }, 'Slack command');
  // The adapter's own words, in the user's Slack language.
  const t = wordsIn(slackWords, languageOf(asker.locale));
  const delivery = req.triggerId ? { deliveryId: `slack:cmd:${req.team}:${req.triggerId}` } : {};
  const asked = { requestId: req.triggerId ?? '', ...delivery, inputIsPrivate: true };
  if (intent.kind === 'refused') {
    await responder.notice(target, t.passwordInCommand(options.command, intent.command));
  } else if (intent.kind === 'form' && intent.form.kind === 'support-setup') {
    if (asker.chat.kind === 'private') await responder.notice(target, t.setupInChannel(options.command));
    // The core checks again on submission; the form already open tells a non-admin at once.
    else if (!maySetUpSupport(asker.chat) && req.viewId)
      await req.client.views.update({
        view_id: req.viewId,
        view: statusModal(t.setupTitle, messagesFor(asker.locale).teamSetupAdminOnly, t.close),
      });
  } else if (intent.kind === 'form') {
    // Slash command text is seen by the bot alone, and the form's value goes to the bot alone.
    return { conversation: conv, command: { ...asker, ...asked, command: intent.ref, args: [] } };
  } else {
    return { conversation: conv, text: { ...asker, ...asked, text: intent.text } };
  }
  return undefined;
}
