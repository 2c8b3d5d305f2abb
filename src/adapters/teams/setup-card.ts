import { type Language, wordsIn } from '../../core/index.js';
import { formCard, nonceOf } from './forms.js';
import type { Roster } from './roster.js';
import { teamsWords } from './words/index.js';

/**
 * A support channel's set-up card (docs/teams.md §2.1): the team's account credentials (the
 * password in an `Input.Text` with `style: password`), optionally the PIN-creation ones, and the
 * agents as an `Input.ChoiceSet` of the team's members. It is sent to the team owner alone, and
 * sent again after a refusal with the error and without anything typed but the username and agents.
 */
export const SETUP_FORM = 'support-setup';

export interface SetupCardInput {
  readonly language: Language;
  /** The channel being set up, named in the card's data (checked against the pending set-up). */
  readonly chat: string;
  readonly roster: Roster;
  /** A refusal to show above the inputs. */
  readonly error?: string;
  /** Values kept from a refused submission (never a password). */
  readonly kept?: { readonly username?: string; readonly agents?: readonly string[] };
  /** The card's nonce, kept in the pending set-up: only this card's submission counts. */
  readonly nonce: string;
}

export function setupCard(o: SetupCardInput): { contentType: string; content: object } {
  const w = wordsIn(teamsWords, o.language);
  const text = (id: string, label: string, extra: object = {}) => ({
    type: 'Input.Text',
    id,
    label,
    ...extra,
  });
  const secret = (id: string, label: string, required: boolean) =>
    text(id, label, { style: 'password', ...(required ? { isRequired: true } : {}) });
  const choices = withinBudget(o.roster.members);
  const body: object[] = [{ type: 'TextBlock', wrap: true, text: w.setupIntro }];
  if (o.error) body.push({ type: 'TextBlock', wrap: true, color: 'attention', text: o.error });
  body.push(
    text('username', w.setupAccountUser, {
      isRequired: true,
      ...(o.kept?.username ? { value: o.kept.username } : {}),
    }),
    secret('password', w.setupAccountPassword, true),
    text('cardUsername', w.setupCardUser),
    secret('cardPassword', w.setupCardPassword, false),
    {
      type: 'Input.ChoiceSet',
      id: 'agents',
      label: w.setupAgents,
      isMultiSelect: true,
      choices,
      ...(o.kept?.agents?.length ? { value: o.kept.agents.join(',') } : {}),
    },
  );
  if (o.roster.more || choices.length < o.roster.members.length)
    body.push({ type: 'TextBlock', wrap: true, isSubtle: true, text: w.setupMore(choices.length) });
  return formCard(body, {
    title: w.setupSubmit,
    data: { form: SETUP_FORM, chat: o.chat },
    language: o.language,
    nonce: o.nonce,
  });
}

/**
 * The members as choices, by name, as many as fit `CHOICES_BUDGET` bytes: Teams refuses a message
 * over about 28 KB, and a member's id alone is some 100 characters.
 */
const CHOICES_BUDGET = 20_000;

function withinBudget(members: Roster['members']): { title: string; value: string }[] {
  const sorted = [...members].sort((a, b) => a.name.localeCompare(b.name));
  const choices: { title: string; value: string }[] = [];
  let bytes = 0;
  for (const m of sorted) {
    const choice = { title: m.name || m.id, value: m.id };
    bytes += Buffer.byteLength(JSON.stringify(choice)) + 1;
    if (bytes > CHOICES_BUDGET) break;
    choices.push(choice);
  }
  return choices;
}

/** What a set-up card sent: the credentials, the agents' ids and the channel it was for. */
export interface SetupSubmission {
  readonly kind: 'setup';
  readonly chat: string;
  readonly language?: string;
  readonly account: { readonly username: string; readonly password: string };
  readonly card?: { readonly username: string; readonly password: string };
  readonly agents: readonly string[];
  /** The card's nonce: a card submitted twice sets up once (docs/teams.md §3.4). */
  readonly nonce?: string;
}

export type SetupRead =
  | SetupSubmission
  | { readonly kind: 'incomplete'; readonly language?: string; readonly pair?: boolean };

/** The card's data and inputs; a choice set's several values come as one comma-separated string. */
export function readSetup(data: Record<string, unknown>): SetupRead {
  const text = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');
  const raw = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : '');
  const lang = typeof data.lang === 'string' ? { language: data.lang } : {};
  const account = { username: text('username'), password: raw('password') };
  const card = { username: text('cardUsername'), password: raw('cardPassword') };
  if (!account.username || !account.password || !text('chat')) return { kind: 'incomplete', ...lang };
  if (Boolean(card.username) !== Boolean(card.password)) return { kind: 'incomplete', ...lang, pair: true };
  const agents = text('agents')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return {
    kind: 'setup',
    chat: text('chat'),
    ...lang,
    account,
    ...(card.username ? { card } : {}),
    agents,
    ...nonceOf(data),
  };
}
