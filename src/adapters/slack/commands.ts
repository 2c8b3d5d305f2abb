import type { App, SlashCommand, webApi } from '@slack/bolt';
import { claimRequest } from './claim.js';
import { type CommandIntent, classifyCommand } from './command-text.js';
import { afterAck, type SlackHandlerDeps, whoAndWhere } from './deps.js';
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
  app.command(deps.options.command, async ({ command, ack, client }) => {
    await ack();
    await deps.track('command', async () => {
      await afterAck();
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
      }),
    });
    return;
  }
  const setupView =
    intent.kind === 'setup-modal' && slackChat(cmd.channel_id).kind === 'shared'
      ? await client.views.open({
          trigger_id: cmd.trigger_id,
          view: setupModal({ channel: cmd.channel_id, responseUrl: cmd.response_url }),
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
  const { identity, chat } = await whoAndWhere(
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
  };
  // Never log the text: `/tel link user pass` would put a password in the log.
  options.logger.debug({ team: cmd.team_id, intent: intent.kind }, 'Slack command');

  switch (intent.kind) {
    case 'refused':
      await responder.notice(target, refusal(options.command, intent));
      return;
    case 'setup-modal':
      if (chat.kind === 'private') {
        await responder.notice(
          target,
          `Run ${options.command} team setup in the channel that should become a support channel.`,
        );
        return;
      }
      // The core checks again on submission; the form already open tells a non-admin at once.
      if (chat.userIsAdmin !== true && setupView?.view?.id) {
        await client.views.update({
          view_id: setupView.view.id,
          view: statusModal(
            'Support channel',
            'Only a workspace admin or owner can set up a support channel.',
          ),
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
      });
      await responder.replies(target, replies);
      return;
    }
  }
}

function refusal(command: string, intent: Extract<CommandIntent, { kind: 'refused' }>): string {
  return (
    `I did not use that: passwords do not belong in command text, which Slack shows and keeps. ` +
    `Type just ${command} ${intent.modal} and fill in the form that opens. ` +
    `If that was a real password, consider changing it.`
  );
}
