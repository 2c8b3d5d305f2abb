import type { Activity } from '@microsoft/agents-activity';
import type { ChatRef, CommandInfo, Identity } from '../../core/index.js';
import type { Person } from './place.js';

/**
 * An activity as the core knows its sender and chat (docs/teams.md §2): a personal chat is
 * private; a group chat and a channel are shared. The identity is `teams:<tenant>:<user id>`; the
 * text loses the bot's `<at>…</at>` mention (Teams delivers a group's or channel's message only
 * when the bot is @mentioned).
 */
export interface Normalised {
  readonly identity: Identity;
  readonly chat: ChatRef;
  readonly actor: Person;
  readonly tenantId: string;
  readonly locale?: string;
}

export function tenantOf(activity: Activity, fallback: string): string {
  const data = activity.channelData as { tenant?: { id?: string } } | undefined;
  return activity.conversation?.tenantId ?? data?.tenant?.id ?? fallback;
}

export function normalise(activity: Activity, fallbackTenant: string): Normalised {
  const tenantId = tenantOf(activity, fallbackTenant);
  const from = { id: activity.from?.id ?? '', name: activity.from?.name ?? '' };
  const personal = activity.conversation?.conversationType === 'personal' || !activity.conversation?.isGroup;
  return {
    identity: {
      platform: 'teams',
      tenant: tenantId,
      user: from.id,
      ...(from.name ? { displayName: from.name } : {}),
    },
    chat: { id: activity.conversation?.id ?? '', kind: personal ? 'private' : 'shared' },
    actor: from,
    tenantId,
    ...(activity.locale ? { locale: activity.locale } : {}),
  };
}

/** The text without the bot's own mention(s), trimmed; other mentions stay as their names. */
export function textWithoutMention(activity: Activity): string {
  let text = activity.text ?? '';
  const bot = activity.recipient?.id;
  for (const entity of activity.entities ?? []) {
    const e = entity as { type?: string; text?: string; mentioned?: { id?: string } };
    if (e.type === 'mention' && e.text && e.mentioned?.id === bot) text = text.split(e.text).join(' ');
  }
  return text
    .replace(/<at>([^<]*)<\/at>/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A message in a group chat or channel that does not @mention the bot is not ours (docs/teams.md §2). */
export function addressesBot(activity: Activity): boolean {
  if (!activity.conversation?.isGroup) return true;
  const bot = activity.recipient?.id;
  return (activity.entities ?? []).some(
    (e) =>
      (e as { type?: string; mentioned?: { id?: string } }).type === 'mention' &&
      (e as { mentioned?: { id?: string } }).mentioned?.id === bot,
  );
}

/**
 * A command that only opens a secret form (`link`, `link card`, `topup` without a PIN: the command
 * table's `form` field), typed with nothing else: the text exposes nothing, and its secret will be
 * asked in a card only the asker sees (docs/teams.md §3.3), so it may run in a channel as Slack's
 * private slash command does. Anything more typed after it is read as the chat reads it.
 */
export function opensSecretForm(text: string, commands: readonly CommandInfo[]): boolean {
  const [first = '', ...rest] = text.trim().split(/\s+/);
  const name = first.replace(/^\//, '').toLowerCase();
  const command = commands.find((c) => c.name === name || c.aliases.includes(name));
  const form = command?.form;
  if (!form || form.kind === 'support-setup' || form.sub) return false;
  return rest.every((word) => form.options?.includes(word.toLowerCase()));
}
