import type { App, SlashCommand, webApi } from '@slack/bolt';

import { maySetUpSupport } from '../../core/identity.js';
import { type Language, languageOf, messagesFor } from '../../core/messages.js';
import { claimRequest } from './claim.js';
import { type CommandIntent, classifyCommand } from './command-text.js';
import { type SlackHandlerDeps, userLocale, type Who, whoAndWhere } from './deps.js';
import { linkModal, setupModal, statusModal } from './modals.js';
import { bodyDigest, slackChat } from './normalise.js';
import { type ReplyTarget, SLACK_CAN } from './responder.js';

/** What `views.open` answers: the opened view's id, to update it later. */
type ViewsOpenResponse = Awaited<ReturnType<webApi.WebClient['views']['open']>>;

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
  const intent = classifyCommand(cmd.text ?? '', deps.options.core.commands);
  const setupView = await openModalFirst(deps, client, cmd, intent);
  if (setupView === 'done') return;
  if (!(await claimCommand(deps, client, cmd))) return;
  if (await refusedBusy(deps, client, cmd)) return;
  const who = await whoAndWhere(
    deps,
    client,
    cmd.team_id,
    cmd.user_id,
    cmd.channel_id,
    intent.kind === 'setup-modal',
  );
  const target: ReplyTarget = {
    client,
    channel: cmd.channel_id,
    user: cmd.user_id,
    chat: who.chat,
    responseUrl: cmd.response_url,
    tenant: cmd.team_id,
    triggerId: cmd.trigger_id,
  };
  // Never log the text: `/tel link user pass` would put a password in the log.
  deps.options.logger.debug({ team: cmd.team_id, intent: intent.kind }, 'Slack command');
  await answer(deps, { client, cmd, intent, setupView, who, target });
}

/**
 * A modal opens first, before any lookup that can wait on the network (the dedupe claim, users.info,
 * usergroups.list): its trigger_id is valid for 3 s only (issue 12). A retried delivery carries
 * the same single-use trigger_id, so it cannot open a second modal. `'done'` when the link modal
 * is all the command does; else the team-setup modal opened (if any), to update once the core's
 * view of the user is known.
 */
async function openModalFirst(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  cmd: SlashCommand,
  intent: CommandIntent,
): Promise<'done' | ViewsOpenResponse | undefined> {
  // No lookup may delay a modal; the user's language is known if the directory has seen them.
  const known = deps.directory.known(cmd.team_id, cmd.user_id)?.locale;
  const early = known ? { language: languageOf(known) } : {};
  if (intent.kind === 'link-modal') {
    const meta = { channel: cmd.channel_id, responseUrl: cmd.response_url, credential: intent.credential };
    const opened = await client.views.open({
      trigger_id: cmd.trigger_id,
      view: linkModal({ ...meta, ...early }),
    });
    await inUserLanguage(deps, client, cmd, opened, early.language, (language) =>
      linkModal({ ...meta, language }),
    );
    return 'done';
  }
  if (intent.kind !== 'setup-modal' || slackChat(cmd.channel_id).kind !== 'shared') return undefined;
  const meta = { channel: cmd.channel_id, responseUrl: cmd.response_url };
  const opened = await client.views.open({
    trigger_id: cmd.trigger_id,
    view: setupModal({ ...meta, ...early }),
  });
  await inUserLanguage(deps, client, cmd, opened, early.language, (language) =>
    setupModal({ ...meta, language }),
  );
  return opened;
}

/**
 * A first contact's form opened before their language was known (the trigger_id allows no lookup
 * first): once `users.info` tells it, the form is redrawn in it, labels and later inline errors
 * alike (README "One road out": the recipient's language from the first contact).
 */
async function inUserLanguage(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  cmd: SlashCommand,
  opened: ViewsOpenResponse,
  shown: Language | undefined,
  view: (language: Language) => ReturnType<typeof linkModal>,
): Promise<void> {
  const viewId = opened.view?.id;
  if (!viewId) return;
  const language = languageOf((await userLocale(deps, client, cmd.team_id, cmd.user_id)).locale);
  if (language === (shown ?? 'en')) return;
  await client.views.update({ view_id: viewId, view: view(language) });
}

/**
 * The provider's backlog is full (admission control): "busy, try again" at once, ephemeral, instead
 * of silence. HTTP mode says it in the ack already (http-receiver.ts); Socket Mode says it here.
 */
async function refusedBusy(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  cmd: SlashCommand,
): Promise<boolean> {
  if (!deps.options.core.busy?.()) return false;
  const target = { client, channel: cmd.channel_id, user: cmd.user_id, responseUrl: cmd.response_url };
  await deps.responder
    .notice({ ...target, chat: { id: cmd.channel_id, kind: 'shared' } }, messagesFor(undefined).busyTryAgain)
    .catch(() => undefined);
  return true;
}

/** The dedupe claim: false for a retried delivery (dropped after its ack) or a store outage (answered). */
async function claimCommand(
  deps: SlackHandlerDeps,
  client: webApi.WebClient,
  cmd: SlashCommand,
): Promise<boolean> {
  const unique = cmd.trigger_id || bodyDigest(cmd);
  const claim = await claimRequest(deps, `slack:cmd:${cmd.team_id}:${unique}`, {
    client,
    channel: cmd.channel_id,
    user: cmd.user_id,
    tenant: cmd.team_id,
    chat: { id: cmd.channel_id, kind: 'shared' },
    responseUrl: cmd.response_url,
  });
  if (claim === 'duplicate')
    deps.options.logger.info({ team: cmd.team_id, trigger: cmd.trigger_id }, 'Slack retry dropped');
  return claim === 'first';
}

/** What the command asked for, answered: a refusal, the setup form's state, or the core's replies. */
async function answer(
  deps: SlackHandlerDeps,
  c: {
    client: webApi.WebClient;
    cmd: SlashCommand;
    intent: CommandIntent;
    setupView: ViewsOpenResponse | undefined;
    who: Who;
    target: ReplyTarget;
  },
): Promise<void> {
  const { options, responder } = deps;
  const { chat, locale } = c.who;
  // The adapter's own words, in the user's Slack language (issue 14).
  const t = messagesFor(locale).slack;
  switch (c.intent.kind) {
    case 'refused':
      await responder.notice(c.target, t.passwordInCommand(options.command, c.intent.modal));
      return;
    case 'setup-modal':
      if (chat.kind === 'private') {
        await responder.notice(c.target, t.setupInChannel(options.command));
        return;
      }
      // The core checks again on submission; the form already open tells a non-admin at once.
      if (!maySetUpSupport(chat) && c.setupView?.view?.id) {
        await c.client.views.update({
          view_id: c.setupView.view.id,
          view: statusModal(t.setupTitle, t.setupAdminOnly, t.close),
        });
      }
      return;
    case 'core': {
      // Slash command text is seen by the bot alone (Slack does not post it unless we answer in_channel).
      const replies = await options.core.handleText({
        identity: c.who.identity,
        chat,
        text: c.intent.text,
        requestId: c.cmd.trigger_id,
        ...(c.cmd.trigger_id ? { deliveryId: `slack:cmd:${c.cmd.team_id}:${c.cmd.trigger_id}` } : {}),
        inputIsPrivate: true,
        can: SLACK_CAN,
        ...(locale ? { locale } : {}),
        ...(c.who.timeZone ? { timeZone: c.who.timeZone } : {}),
      });
      await options.core.deliver(responder.conversation(c.target), replies);
      return;
    }
  }
}
