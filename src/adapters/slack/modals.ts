import type { types, ViewOutput } from '@slack/bolt';

type KnownBlock = types.KnownBlock;
type ModalView = types.ModalView;

import {
  type CommandRef,
  catalogues,
  commandRef,
  knownCommand,
  type Language,
  type SecretAsk,
  wordsIn,
} from '../../core/index.js';
import { truncate } from './escape.js';
import { type SlackWords, slackWords } from './words/index.js';

export const LINK_CALLBACK = 'tel_link';
export const SETUP_CALLBACK = 'tel_team_setup';
export const PIN_CALLBACK = 'tel_pin';

/**
 * Carried in `private_metadata`: Slack sends it back with the submission. It names where the answer
 * goes, so it is checked against the signed payload before it routes anything (form-metadata.ts).
 */
export interface ModalMeta {
  /** The workspace and the user the form was opened for: a submission by anyone else is refused. */
  team: string;
  user: string;
  channel: string;
  /** The slash command's `response_url`, so the outcome lands where `/tel link` was typed. */
  responseUrl?: string;
  credential?: 'account' | 'card';
  /** The user's Slack language when the form opened: its labels, errors and follow-ups use it (docs/language.md §1.2). */
  language?: Language;
  /** The command the form's value runs (`topup` for the PIN form), with typed arguments. */
  command?: CommandRef;
}

/** The adapter's own words for the form's language. */
export function modalText(meta: Pick<ModalMeta, 'language'> | undefined): SlackWords {
  return wordsIn(slackWords, meta?.language);
}

export function encodeMeta(meta: ModalMeta): string {
  return JSON.stringify(meta);
}

/** The metadata as the bot wrote it, or `undefined`; a language without a catalogue is dropped. */
export function decodeMeta(raw: string): ModalMeta | undefined {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const { team, user, channel, responseUrl, language } = value ?? {};
  if (typeof team !== 'string' || typeof user !== 'string' || typeof channel !== 'string') return undefined;
  if (responseUrl !== undefined && typeof responseUrl !== 'string') return undefined;
  const { language: _unchecked, command: _unknown, ...rest } = value as unknown as ModalMeta;
  const known = typeof language === 'string' && Object.hasOwn(catalogues, language);
  // The command is a reference into the table again, or none: a name the table lacks is dropped.
  const command = knownCommand(value.command);
  return { ...rest, ...(known ? { language: language as Language } : {}), ...(command ? { command } : {}) };
}

export function text(value: string, max = 3000): { type: 'plain_text'; text: string } {
  return { type: 'plain_text', text: truncate(value, max) };
}

export function input(
  blockId: string,
  label: string,
  options: { hint?: string; optional?: boolean; placeholder?: string; initial?: string } = {},
): KnownBlock {
  return {
    type: 'input',
    block_id: blockId,
    label: text(label, 2000),
    optional: options.optional ?? false,
    ...(options.hint ? { hint: text(options.hint, 2000) } : {}),
    element: {
      type: 'plain_text_input',
      action_id: 'value',
      max_length: 200,
      ...(options.placeholder ? { placeholder: text(options.placeholder, 150) } : {}),
      ...(options.initial ? { initial_value: options.initial } : {}),
    },
  };
}

/** Block ids of the modals' inputs, shared with the submission parsers and inline errors. */
export const LINK_BLOCKS = { username: 'username', password: 'password' } as const;
export const PIN_BLOCK = 'pin';
export const SETUP_BLOCKS = {
  accountUsername: 'account_username',
  accountPassword: 'account_password',
  cardUsername: 'card_username',
  cardPassword: 'card_password',
  agents: 'agents',
  group: 'agent_group',
} as const;

/** A form of the bot: its callback, its metadata, its three labels, and a refusal's notice below the inputs. */
export function form(
  callbackId: string,
  meta: ModalMeta,
  labels: { title: string; submit: string; close: string },
  blocks: KnownBlock[],
  notice?: string,
): ModalView {
  const below: KnownBlock[] = notice
    ? [{ type: 'context', elements: [{ type: 'plain_text', text: truncate(notice, 2000) }] }]
    : [];
  return {
    type: 'modal',
    callback_id: callbackId,
    private_metadata: encodeMeta(meta),
    title: text(labels.title, 24),
    submit: text(labels.submit, 24),
    close: text(labels.close, 24),
    blocks: [...blocks, ...below],
  };
}

/** `/tel link`: the password never appears as command text (docs/accounts.md §1.2). */
export function linkModal(meta: ModalMeta, notice?: string, username?: string): ModalView {
  const t = modalText(meta);
  const card = meta.credential === 'card';
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: card ? t.linkIntroCard : t.linkIntroAccount,
      },
    },
    input(LINK_BLOCKS.username, t.username, { ...(username ? { initial: username } : {}) }),
    input(LINK_BLOCKS.password, t.password, { hint: t.passwordHint }),
  ];
  const title = card ? t.linkCardTitle : t.linkTitle;
  return form(LINK_CALLBACK, meta, { title, submit: t.linkSubmit, close: t.cancel }, blocks, notice);
}

/** `/tel team setup`: turns this channel into a support channel (docs/privacy.md §3.1). */
export function setupModal(meta: ModalMeta, notice?: string): ModalView {
  const t = modalText(meta);
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: t.setupIntro,
      },
    },
    input(SETUP_BLOCKS.accountUsername, t.accountUsername),
    input(SETUP_BLOCKS.accountPassword, t.accountPassword, { hint: t.passwordHint }),
    input(SETUP_BLOCKS.cardUsername, t.cardUsername, { optional: true }),
    input(SETUP_BLOCKS.cardPassword, t.cardPassword, { optional: true, hint: t.passwordHint }),
    {
      type: 'input',
      block_id: SETUP_BLOCKS.agents,
      optional: true,
      label: text(t.agents),
      element: { type: 'multi_users_select', action_id: 'value', placeholder: text(t.pickPeople) },
    },
    input(SETUP_BLOCKS.group, t.group, {
      optional: true,
      placeholder: 'S0123ABCD',
      hint: t.groupHint,
    }),
  ];
  const labels = { title: t.setupTitle, submit: t.setupSubmit, close: t.cancel };
  return form(SETUP_CALLBACK, meta, labels, blocks, notice);
}

/**
 * The PIN form (`topup` without a PIN, its `form` field): a PIN is never asked in a message, which
 * Slack shows and keeps (docs/architecture.md §8.3.3). Its submission runs `meta.command` with the PIN.
 */
export function pinModal(meta: ModalMeta, notice?: string): ModalView {
  const t = modalText(meta);
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: t.pinIntro } },
    input(PIN_BLOCK, t.pin, { hint: t.pinHint, placeholder: '1234567890' }),
  ];
  return form(
    PIN_CALLBACK,
    meta,
    { title: t.pinTitle, submit: t.pinSubmit, close: t.cancel },
    blocks,
    notice,
  );
}

/** The form the core asks a secret in (ports/channel.ts `askSecret`): the link form, or the PIN form. */
export function secretForm(
  ask: SecretAsk,
  meta: Pick<ModalMeta, 'team' | 'user' | 'channel' | 'responseUrl'>,
): ModalView {
  const language = ask.language;
  if (ask.form === 'topup') return pinModal({ ...meta, language, command: commandRef('topup') });
  return linkModal({ ...meta, language, credential: ask.form === 'link-card' ? 'card' : 'account' });
}

/** Shown while a slow provider checks the credentials, since Slack wants an answer in 3 s. */
export function statusModal(title: string, message: string, closeLabel: string): ModalView {
  return {
    type: 'modal',
    title: text(title, 24),
    close: text(closeLabel, 24),
    blocks: [{ type: 'section', text: { type: 'plain_text', text: truncate(message, 3000) } }],
  };
}

export function value(view: ViewOutput, block: string): string {
  const v = view.state.values[block]?.value;
  return (v?.value ?? '').trim();
}

export function readLinkSubmission(view: ViewOutput): { username: string; password: string } {
  return { username: value(view, LINK_BLOCKS.username), password: value(view, LINK_BLOCKS.password) };
}

export interface SetupSubmission {
  account: { username: string; password: string };
  card?: { username: string; password: string };
  agents: string[];
  agentGroup?: string;
}

/** Reads the setup modal; returns inline errors (block id → message) for what Slack cannot check. */
export function readSetupSubmission(view: ViewOutput): {
  value: SetupSubmission;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const t = modalText(decodeMeta(view.private_metadata));
  const cardUsername = value(view, SETUP_BLOCKS.cardUsername);
  const cardPassword = value(view, SETUP_BLOCKS.cardPassword);
  if (Boolean(cardUsername) !== Boolean(cardPassword)) {
    errors[cardUsername ? SETUP_BLOCKS.cardPassword : SETUP_BLOCKS.cardUsername] = t.cardBothOrNeither;
  }
  const group = value(view, SETUP_BLOCKS.group);
  if (group && !/^S[A-Z0-9]{2,}$/.test(group)) {
    errors[SETUP_BLOCKS.group] = t.groupId;
  }
  const agents = view.state.values[SETUP_BLOCKS.agents]?.value?.selected_users ?? [];
  if (agents.length === 0 && !group) errors[SETUP_BLOCKS.agents] = t.agentsNeeded;
  return {
    value: {
      account: {
        username: value(view, SETUP_BLOCKS.accountUsername),
        password: value(view, SETUP_BLOCKS.accountPassword),
      },
      ...(cardUsername && cardPassword ? { card: { username: cardUsername, password: cardPassword } } : {}),
      agents,
      ...(group ? { agentGroup: group } : {}),
    },
    errors,
  };
}
