import type { App, SlashCommand, webApi } from '@slack/bolt';

import { type Enriched, languageOf, maySetUpSupport, messagesFor, wordsIn } from '../../core/index.js';
import { type CommandIntent, classifyCommand } from './command-text.js';
import type { SlackHandlerDeps } from './deps.js';
import { oneMomentView, openInUserLanguage } from './form-language.js';
import { showInForm } from './form-turn.js';
import { linkModal, modalText, setupModal, statusModal } from './modals.js';
import { bodyDigest, slackChat } from './normalise.js';
import { acknowledged, envelope, lookUp, type SlackRequest, type SlackTurn, shown } from './turn.js';
import { slackWords } from './words/index.js';

/**
 * The one slash command (docs/interface.md §4.2). It is acknowledged first, with an empty body, before
 * anything that could be slow; the answer follows through `response_url`. A retried delivery
 * (Slack's `X-Slack-Retry-Num`, or the same request reaching a second instance) loses the dedupe
 * claim and is dropped after its ack, so nothing runs twice.
 */
export function registerCommand(app: App, deps: SlackHandlerDeps): void {
  app.command(deps.options.command, ({ command, ack, client, context }) =>
    acknowledged(deps, 'command', ack, () => runCommand(deps, client, command), context),
  );
}

async function runCommand(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  cmd: SlashCommand,
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

/**
 * A form opens first, before any lookup that can wait on the network (the dedupe claim, users.info,
 * usergroups.list): its trigger_id is valid for 3 s only (docs/interface.md §4.2). A retried delivery
 * carries the same single-use trigger_id, so it cannot open a second modal. `'done'` when the form
 * is all the command does (the credentials form); else the id of the modal opened (the set-up form,
 * or the PIN form's "one moment" while the core checks the account), for the turn to update.
 */
async function openFormFirst(
  deps: SlackHandlerDeps,
  req: SlackRequest,
  intent: CommandIntent,
): Promise<'done' | string | undefined> {
  if (intent.kind !== 'form') return undefined;
  const meta = {
    team: req.team,
    user: req.user,
    channel: req.channel,
    ...(req.responseUrl ? { responseUrl: req.responseUrl } : {}),
  };
  // No lookup may delay a modal: it opens in the user's language, or as a neutral "one moment".
  const opener = { ...req, triggerId: req.triggerId ?? '' };
  switch (intent.form.kind) {
    case 'credentials': {
      const credential = intent.option === 'card' ? ('card' as const) : ('account' as const);
      await openInUserLanguage(deps, opener, (language) => linkModal({ ...meta, credential, language }));
      return 'done';
    }
    case 'support-setup': {
      if (slackChat(req.channel).kind !== 'shared') return undefined;
      const opened = await openInUserLanguage(deps, opener, (language) => setupModal({ ...meta, language }));
      return opened.view?.id;
    }
    case 'pin': {
      // Not the PIN field yet: the core first checks that there is an account to top up.
      const known = deps.directory.known(req.team, req.user)?.locale;
      const t = modalText({ language: languageOf(known) });
      const view = known ? statusModal(t.pinTitle, t.opening, t.close) : oneMomentView();
      const opened = await req.client.views
        .open({ trigger_id: opener.triggerId, view })
        .catch(() => undefined);
      return opened?.view?.id;
    }
  }
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
