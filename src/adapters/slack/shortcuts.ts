import type { App, GlobalShortcut, MessageShortcut, types, ViewOutput, webApi } from '@slack/bolt';
import { catalogues, type Language, languageOf, type Messages } from '../../core/messages.js';
import { findPhoneNumber } from '../../core/values/find-number.js';
import { type SlackHandlerDeps, userLocale } from './deps.js';
import { escapeMrkdwn, plainCommandText } from './escape.js';
import { postToResponseUrl } from './http-post.js';
import { decodeMeta, encodeMeta, input, type ModalMeta, text, value } from './modals.js';
import { isDirectMessage, slackChat, slackIdentity } from './normalise.js';
import { nextTurn } from './quiet-gate.js';
import { SLACK_CAN } from './responder.js';
import { submit } from './views.js';

/** Callback ids; the manifest declares the same (slack/manifest.yaml, `shortcuts`). */
export const SHORTCUTS = {
  call: 'call_number',
  callThis: 'call_this_number',
  rateThis: 'rate_this_number',
} as const;
const CALL_CALLBACK = 'tel_call';
const CALL_BLOCKS = { a: 'a_number', b: 'b_number' } as const;

/** The "Call a number" modal: A and B, B filled in when a message shortcut found it. */
function callModal(meta: ModalMeta, t: Messages, b?: string, notice?: string): types.ModalView {
  const blocks: types.KnownBlock[] = [];
  if (notice)
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${escapeMrkdwn(notice)}` } });
  blocks.push(
    input(CALL_BLOCKS.a, t.shortcutCallA, { hint: t.shortcutCallAHint, placeholder: '+49 30 1234567' }),
    input(CALL_BLOCKS.b, t.shortcutCallB, { placeholder: '+49 176 1234567', ...(b ? { initial: b } : {}) }),
  );
  return {
    type: 'modal',
    callback_id: CALL_CALLBACK,
    private_metadata: encodeMeta(meta),
    title: text(t.shortcutCallTitle, 24),
    submit: text(t.shortcutCallSubmit, 24),
    close: text(t.shortcutCancel, 24),
    blocks,
  };
}

/**
 * Shortcuts (issue 16): the global "Call a number" opens a modal for A and B; the message
 * shortcuts "Call this number" and "Rate for this number" take the first phone number in the
 * message. Each is acknowledged first; the modal opens at once, inside the trigger_id's 3 s.
 */
export function registerShortcuts(app: App, deps: SlackHandlerDeps): void {
  app.shortcut<GlobalShortcut>(SHORTCUTS.call, async ({ ack, shortcut, client }) => {
    await ack();
    await deps.track('shortcut', () => openCallModal(deps, shortcut, client));
  });
  app.shortcut<MessageShortcut>(SHORTCUTS.callThis, async ({ ack, shortcut, client }) => {
    await ack();
    await deps.track('shortcut', () => callThisNumber(deps, shortcut, client));
  });
  app.shortcut<MessageShortcut>(SHORTCUTS.rateThis, async ({ ack, shortcut, client }) => {
    await ack();
    await deps.track('shortcut', () => rateThisNumber(deps, shortcut, client));
  });
  app.view(CALL_CALLBACK, async ({ ack, body, view, client, context }) => {
    await deps.track('view', () =>
      submit(
        deps,
        ack as Parameters<typeof submit>[1],
        body,
        view,
        client,
        context.retryNum,
        runCall(deps, view),
        {
          errorBlock: CALL_BLOCKS.b,
          title: () => catalogues[decodeMeta(view.private_metadata)?.language ?? 'en'].shortcutCallTitle,
          again: (meta, notice) =>
            callModal(meta, catalogues[meta.language ?? 'en'], value(view, CALL_BLOCKS.b), notice),
        },
      ),
    );
  });
}

type ShortcutUser = { team?: { id: string } | null; user: { id: string; team_id?: string } };

/** No lookup may delay a modal (trigger_id, 3 s): the language of a user the directory has seen. */
function knownLanguage(deps: SlackHandlerDeps, shortcut: ShortcutUser): Language {
  return languageOf(
    deps.directory.known(shortcut.team?.id ?? shortcut.user.team_id ?? '', shortcut.user.id)?.locale,
  );
}

/** "Call a number": no conversation comes with a global shortcut, so the outcome goes to the DM with the app. */
async function openCallModal(deps: SlackHandlerDeps, shortcut: GlobalShortcut, client: webApi.WebClient) {
  const dm = await client.conversations.open({ users: shortcut.user.id });
  const channel = dm.channel?.id;
  if (!channel) return;
  const lang = knownLanguage(deps, shortcut);
  await client.views.open({
    trigger_id: shortcut.trigger_id,
    view: callModal({ channel, language: lang }, catalogues[lang]),
  });
}

/** "Call this number": the call modal with B filled in from the message. */
async function callThisNumber(deps: SlackHandlerDeps, shortcut: MessageShortcut, client: webApi.WebClient) {
  const lang = knownLanguage(deps, shortcut);
  const number = findPhoneNumber(plainCommandText(shortcut.message.text ?? ''));
  if (!number) {
    await ephemeral(deps, shortcut.response_url, catalogues[lang].shortcutNoNumber);
    return;
  }
  const meta: ModalMeta = {
    channel: shortcut.channel.id,
    responseUrl: shortcut.response_url,
    language: lang,
  };
  await client.views.open({
    trigger_id: shortcut.trigger_id,
    view: callModal(meta, catalogues[lang], number),
  });
}

/** "Rate for this number": `/rate` for the message's number, answered to the asker alone. */
async function rateThisNumber(deps: SlackHandlerDeps, shortcut: MessageShortcut, client: webApi.WebClient) {
  await nextTurn();
  const number = findPhoneNumber(plainCommandText(shortcut.message.text ?? ''));
  if (!number) {
    await ephemeral(deps, shortcut.response_url, catalogues[knownLanguage(deps, shortcut)].shortcutNoNumber);
    return;
  }
  const team = shortcut.team?.id ?? shortcut.user.team_id ?? '';
  const channel = shortcut.channel.id;
  const chat = slackChat(
    channel,
    {},
    isDirectMessage(channel) && (await deps.directory.isAppDm(client, channel)),
  );
  const replies = await deps.options.core.handleText({
    identity: slackIdentity(team, shortcut.user.id),
    chat,
    text: `rate ${number}`,
    requestId: shortcut.trigger_id,
    inputIsPrivate: true,
    can: SLACK_CAN,
    ...(await userLocale(deps, client, team, shortcut.user.id)),
  });
  await deps.options.core.deliver(
    deps.responder.conversation({
      client,
      channel: shortcut.channel.id,
      user: shortcut.user.id,
      chat,
      responseUrl: shortcut.response_url,
    }),
    // The core placed them: the question reached it privately, so the answer is the asker's alone.
    replies,
  );
}

/** The call modal's submission as one `/call A B`, its replies joined into the modal's one answer. */
function runCall(deps: SlackHandlerDeps, view: ViewOutput): Parameters<typeof submit>[6] {
  return async (_meta, who) => {
    const [first, ...rest] = await deps.options.core.handleText({
      ...who,
      // Each field is one argument, however it is spaced: `+49 30 1234567`.
      text: `call ${oneToken(value(view, CALL_BLOCKS.a))} ${oneToken(value(view, CALL_BLOCKS.b))}`,
      requestId: view.id,
      can: SLACK_CAN,
      // Typed into a modal only this person sees.
      inputIsPrivate: true,
    });
    return rest.length
      ? { ...first!, text: [first?.text, ...rest.map((r) => r.text)].filter(Boolean).join('\n') }
      : first!;
  };
}

async function ephemeral(deps: SlackHandlerDeps, responseUrl: string, message: string): Promise<void> {
  await postToResponseUrl(
    responseUrl,
    { response_type: 'ephemeral', replace_original: false, text: escapeMrkdwn(message) },
    deps.options.httpTimeoutMs,
  );
}

function oneToken(field: string): string {
  return field.replace(/\s+/g, '') || '-';
}
