import { randomBytes } from 'node:crypto';
import { type Language, type SecretAsk, wordsIn } from '../../core/index.js';
import { CARD } from './render-card.js';
import { readSetup, SETUP_FORM, type SetupSubmission } from './setup-card.js';
import { teamsWords } from './words/index.js';

/**
 * Secrets in Teams (docs/teams.md §3.3): a password or PIN is asked in an Adaptive Card's
 * `Input.Text` with `style: password`, sent in the personal chat or as a card targeted at the asker,
 * never as chat text. Its `Action.Execute` brings the inputs back in the invoke, which is answered
 * by a card that keeps nothing typed. Each card carries a nonce of its own (128 random bits, so
 * nobody guesses another's): a card submitted again after Teams gave up waiting is the same
 * submission, claimed once (docs/teams.md §3.4).
 */
export type SecretForm = SecretAsk['form'];

const FORMS: readonly SecretForm[] = ['link-account', 'link-card', 'topup'];

export function secretCard(ask: SecretAsk): { contentType: string; content: object } {
  const w = wordsIn(teamsWords, ask.language);
  const input = (id: string, label: string, password = false) => ({
    type: 'Input.Text',
    id,
    label,
    isRequired: true,
    ...(password ? { style: 'password' } : {}),
  });
  const link = ask.form !== 'topup';
  const body = link
    ? [
        {
          type: 'TextBlock',
          wrap: true,
          text: ask.form === 'link-card' ? w.linkIntroCard : w.linkIntroAccount,
        },
        input('username', w.username),
        input('password', w.password, true),
      ]
    : [{ type: 'TextBlock', wrap: true, text: w.pinIntro }, input('pin', w.pin, true)];
  const title = link ? w.linkSubmit : w.pinSubmit;
  return formCard(body, { title, data: { form: ask.form }, language: ask.language });
}

/** A card's nonce: 128 random bits (docs/teams.md §3.4). */
export const newNonce = (): string => randomBytes(16).toString('base64url');

/**
 * A form as an Adaptive Card: its inputs, the submit button (`Action.Execute`, its data naming the
 * form, the language and a nonce of its own) and Cancel. What is typed comes back in the invoke only.
 */
export function formCard(
  body: readonly object[],
  submit: { title: string; data: Record<string, string>; language: Language; nonce?: string },
): { contentType: string; content: object } {
  const lang = submit.language;
  return {
    contentType: CARD,
    content: {
      type: 'AdaptiveCard',
      $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
      version: '1.5',
      body,
      actions: [
        {
          type: 'Action.Execute',
          title: submit.title,
          verb: 'secret',
          data: { ...submit.data, lang, nonce: submit.nonce ?? newNonce() },
        },
        {
          type: 'Action.Execute',
          title: wordsIn(teamsWords, lang).cancel,
          verb: 'cancel',
          data: { form: 'cancel', lang },
        },
      ],
    },
  };
}

/** What a pressed card sent: a button's action id, a secret form's inputs, or nothing we know. */
export type Pressed =
  | { readonly kind: 'button'; readonly actionId: string }
  | {
      readonly kind: 'link';
      readonly card: boolean;
      readonly username: string;
      readonly password: string;
      readonly nonce?: string;
    }
  | { readonly kind: 'pin'; readonly pin: string; readonly nonce?: string }
  | SetupSubmission
  | { readonly kind: 'incomplete'; readonly language?: string; readonly pair?: boolean }
  | { readonly kind: 'cancel'; readonly language?: string }
  | { readonly kind: 'unknown' };

export function readPressed(value: unknown): Pressed {
  const data = (value as { action?: { data?: Record<string, unknown> } } | undefined)?.action?.data ?? {};
  const text = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');
  if (typeof data.a === 'string') return { kind: 'button', actionId: data.a };
  const lang = typeof data.lang === 'string' ? { language: data.lang } : {};
  if (data.form === 'cancel') return { kind: 'cancel', ...lang };
  if (data.form === SETUP_FORM) return readSetup(data);
  const form = FORMS.find((f) => f === data.form);
  if (!form) return { kind: 'unknown' };
  const nonce = nonceOf(data);
  if (form === 'topup')
    return text('pin') ? { kind: 'pin', pin: text('pin'), ...nonce } : { kind: 'incomplete', ...lang };
  const username = text('username');
  const password = typeof data.password === 'string' ? data.password : '';
  if (!username || !password) return { kind: 'incomplete', ...lang };
  return { kind: 'link', card: form === 'link-card', username, password, ...nonce };
}

/** A form card's nonce, when it carries a well-formed one: what keys its submission (docs/teams.md §3.4). */
export function nonceOf(data: Record<string, unknown>): { nonce?: string } {
  const n = typeof data.nonce === 'string' ? data.nonce.trim() : '';
  return /^[\w-]{16,64}$/.test(n) ? { nonce: n } : {};
}
