import type { App, GlobalShortcut, MessageShortcut, types, webApi } from '@slack/bolt';
import {
  catalogues,
  commandRef,
  findPhoneNumber,
  type Language,
  languageOf,
  type Messages,
} from '../../core/index.js';
import type { SlackHandlerDeps } from './deps.js';
import { escapeMrkdwn, plainCommandText } from './escape.js';
import { openInUserLanguage } from './form-language.js';
import { isSlackResponseUrl } from './form-metadata.js';
import { onSubmit } from './form-submit.js';
import { postToResponseUrl } from './http-post.js';
import { encodeMeta, input, type ModalMeta, text, value } from './modals.js';
import { nextTurn } from './quiet-gate.js';
import { SLACK_CAN } from './responder.js';
import { acknowledged, envelope, lookUp } from './turn.js';

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
 * Shortcuts (docs/interface.md §4.2): the global "Call a number" opens a modal for A and B; the message
 * shortcuts "Call this number" and "Rate for this number" take the first phone number in the
 * message. Each is acknowledged first; the modal opens at once, inside the trigger_id's 3 s.
 */
export function registerShortcuts(app: App, deps: SlackHandlerDeps): void {
  app.shortcut<GlobalShortcut>(SHORTCUTS.call, ({ ack, shortcut, client }) =>
    acknowledged(deps, 'shortcut', ack, () => openCallModal(deps, shortcut, client), 'at-once'),
  );
  app.shortcut<MessageShortcut>(SHORTCUTS.callThis, ({ ack, shortcut, client }) =>
    acknowledged(deps, 'shortcut', ack, () => callThisNumber(deps, shortcut, client), 'at-once'),
  );
  app.shortcut<MessageShortcut>(SHORTCUTS.rateThis, ({ ack, shortcut, client }) =>
    acknowledged(deps, 'shortcut', ack, () => rateThisNumber(deps, shortcut, client), 'at-once'),
  );
  onSubmit(app, deps, CALL_CALLBACK, {
    // Each field is one argument, however it is spaced (`+49 30 1234567`): nothing is split again.
    run: (view, _meta, who) =>
      deps.options.core.runCommand({
        ...who,
        command: commandRef('call'),
        args: [value(view, CALL_BLOCKS.a), value(view, CALL_BLOCKS.b)],
        requestId: view.id,
        can: SLACK_CAN,
      }),
    errorBlock: CALL_BLOCKS.b,
    title: (_t, meta) => catalogues[meta.language ?? 'en'].shortcutCallTitle,
    again: (meta, notice, view) =>
      callModal(meta, catalogues[meta.language ?? 'en'], value(view, CALL_BLOCKS.b), notice),
  });
}

type ShortcutUser = { team?: { id: string } | null; user: { id: string; team_id?: string } };

/** Who used a shortcut, for a lookup once its form is open. */
const askedBy = (shortcut: ShortcutUser, client: webApi.WebClient) => ({
  client,
  team: shortcut.team?.id ?? shortcut.user.team_id ?? '',
  user: shortcut.user.id,
});

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
  const asker = { ...askedBy(shortcut, client), triggerId: shortcut.trigger_id };
  const meta = { team: asker.team, user: asker.user, channel };
  await openInUserLanguage(deps, asker, (language) => callModal({ ...meta, language }, catalogues[language]));
}

/** "Call this number": the call modal with B filled in from the message. */
async function callThisNumber(deps: SlackHandlerDeps, shortcut: MessageShortcut, client: webApi.WebClient) {
  const lang = knownLanguage(deps, shortcut);
  const number = findPhoneNumber(plainCommandText(shortcut.message.text ?? ''));
  if (!number) {
    await ephemeral(deps, shortcut.response_url, catalogues[lang].shortcutNoNumber);
    return;
  }
  const asker = { ...askedBy(shortcut, client), triggerId: shortcut.trigger_id };
  const meta: ModalMeta = {
    team: asker.team,
    user: asker.user,
    channel: shortcut.channel.id,
    responseUrl: shortcut.response_url,
  };
  await openInUserLanguage(deps, asker, (language) =>
    callModal({ ...meta, language }, catalogues[language], number),
  );
}

/** "Rate for this number": `rate` with the message's number as its argument, answered to the asker alone. */
async function rateThisNumber(deps: SlackHandlerDeps, shortcut: MessageShortcut, client: webApi.WebClient) {
  await nextTurn();
  const number = findPhoneNumber(plainCommandText(shortcut.message.text ?? ''));
  if (!number) {
    await ephemeral(deps, shortcut.response_url, catalogues[knownLanguage(deps, shortcut)].shortcutNoNumber);
    return;
  }
  const req = {
    client,
    team: shortcut.team?.id ?? shortcut.user.team_id ?? '',
    user: shortcut.user.id,
    channel: shortcut.channel.id,
    responseUrl: shortcut.response_url,
  };
  await deps.door.receive({
    ...envelope(deps, req, `slack:shortcut:${req.team}:${shortcut.trigger_id}`),
    async enrich() {
      const turn = await lookUp(deps, req);
      // The core places the answer: the question reached it privately, so it is the asker's alone.
      const input = {
        ...turn.asker,
        command: commandRef('rate'),
        args: [number],
        requestId: shortcut.trigger_id,
      };
      return { conversation: turn.conv, command: input };
    },
  });
}

async function ephemeral(deps: SlackHandlerDeps, responseUrl: string, message: string): Promise<void> {
  // Only to Slack's host (docs/privacy.md §2.6).
  if (!isSlackResponseUrl(responseUrl, deps.options.apiUrl)) return;
  await postToResponseUrl(
    responseUrl,
    { response_type: 'ephemeral', replace_original: false, text: escapeMrkdwn(message) },
    deps.options.httpTimeoutMs,
  );
}
