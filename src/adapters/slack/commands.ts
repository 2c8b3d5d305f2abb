import type { App, SlashCommand, webApi } from '@slack/bolt';
import { languageOf, messagesFor } from '../../core/messages.js';
import { claimRequest } from './claim.js';
import { classifyCommand } from './command-text.js';
import { type SlackHandlerDeps, whoAndWhere } from './deps.js';
import { linkModal, setupModal, statusModal } from './modals.js';
import { bodyDigest, slackChat } from './normalise.js';
import type { ReplyTarget } from './responder.js';

/**
 * The one slash command (issue 6). It is acknowledged first, with an empty body, before anything
 * that could be slow; the answer follows through `response_url`. A retried delivery (Slack's
 * `X-Slack-Retry-Num`, or the same request reaching a second instance) loses the dedupe claim and
 * is dropped after its ack, so nothing runs twice.
 */
export function registerCommand(app: App, deps: SlackHandlerDeps): void {
  app.command(deps.options.command, async ({ command, ack, client, context }) => {
    await ack();
    await deps.track('command', async () => {
      await deps.afterAck(context);
      await runCommand(deps, client, command);
    });
  });
}

async function runCommand(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  cmd: SlashCommand,
): Promise<void> {
  const { options, responder } = deps;
  const intent = classifyCommand(cmd.text ?? '', options.core.commands);
  // No lookup may delay a modal; the user's language is known if the directory has seen them.
  const known = deps.directory.known(cmd.team_id, cmd.user_id)?.locale;
  const early = known ? { language: languageOf(known) } : {};
  // A modal opens first, before any lookup that can wait on the network (the dedupe claim, users.info,
  // usergroups.list): its trigger_id is valid for 3 s only (issue 12). A retried delivery carries
  // the same single-use trigger_id, so it cannot open a second modal.
  if (intent.kind === 'link-modal') {
    await client.views.open({
      trigger_id: cmd.trigger_id,
      view: linkModal({
        channel: cmd.channel_id,
        responseUrl: cmd.response_url,
        credential: intent.credential,
        ...early,
      }),
    });
    return;
  }
  const setupView =
    intent.kind === 'setup-modal' && slackChat(cmd.channel_id).kind === 'shared'
      ? await client.views.open({
          trigger_id: cmd.trigger_id,
          view: setupModal({ channel: cmd.channel_id, responseUrl: cmd.response_url, ...early }),
        })
      : undefined;
  const unique = cmd.trigger_id || bodyDigest(cmd);
  const claim = await claimRequest(deps, `slack:cmd:${cmd.team_id}:${unique}`, {
    client,
    channel: cmd.channel_id,
    user: cmd.user_id,
    chat: { id: cmd.channel_id, kind: 'shared' },
    responseUrl: cmd.response_url,
  });
  if (claim !== 'first') {
    if (claim === 'duplicate')
      options.logger.info({ team: cmd.team_id, trigger: cmd.trigger_id }, 'Slack retry dropped');
    return;
  }
  const needsAdmin = intent.kind === 'setup-modal';
  const { identity, chat, locale, timeZone } = await whoAndWhere(
    deps,
    client,
    cmd.team_id,
    cmd.user_id,
    cmd.channel_id,
    needsAdmin,
  );
  const target: ReplyTarget = {
    client,
    channel: cmd.channel_id,
    user: cmd.user_id,
    chat,
    responseUrl: cmd.response_url,
    tenant: cmd.team_id,
  };
  // The adapter's own words, in the user's Slack language (issue 14).
  const t = messagesFor(locale).slack;
  // Never log the text: `/tel link user pass` would put a password in the log.
  options.logger.debug({ team: cmd.team_id, intent: intent.kind }, 'Slack command');

  switch (intent.kind) {
    case 'refused':
      await responder.notice(target, t.passwordInCommand(options.command, intent.modal));
      return;
    case 'setup-modal':
      if (chat.kind === 'private') {
        await responder.notice(target, t.setupInChannel(options.command));
        return;
      }
      // The core checks again on submission; the form already open tells a non-admin at once.
      if (chat.userIsAdmin !== true && setupView?.view?.id) {
        await client.views.update({
          view_id: setupView.view.id,
          view: statusModal(t.setupTitle, t.setupAdminOnly, t.close),
        });
      }
      return;
    case 'core': {
      // Slash command text is seen by the bot alone (Slack does not post it unless we answer in_channel).
      const replies = await options.core.handleText({
        identity,
        chat,
        text: intent.text,
        requestId: cmd.trigger_id,
        inputIsPrivate: true,
        ...(locale ? { locale } : {}),
        ...(timeZone ? { timeZone } : {}),
      });
      await responder.replies(target, replies);
      return;
    }
  }
}
