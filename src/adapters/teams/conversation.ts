import {
  ACTOR_MARK,
  type ChannelCapabilities,
  type Conversation,
  type Language,
  type Reply,
  type ReplyFile,
  type ReplyForm,
  type SecretAsk,
  SendFailedError,
  type SentMessage,
  wordsIn,
} from '../../core/index.js';
import type { TeamsAuditThread } from './audit-thread.js';
import { type HeldFiles, isImage, offerFile } from './files.js';
import { secretCard } from './forms.js';
import type { Person, TeamsPlace } from './place.js';
import { cardOf, type Rendered, renderReply } from './render-card.js';

/**
 * Teams' primitives of the one road out (core/ports/channel.ts), over one conversation
 * (place.ts): a post, a targeted message to the person who acted (`showToActor`, refused where
 * Teams refuses or targeted messages are off: the core's executor then uses the personal chat and
 * says so), the personal chat, an edit of the pressed card, and the invoke's own answer, which
 * replaces the pressed card for the presser alone (`showInPlace`). A user's message cannot be
 * deleted; a secret is asked in a card's password input, never as chat text.
 */
export interface TeamsConversationOptions {
  readonly place: TeamsPlace;
  readonly can: ChannelCapabilities;
  readonly kind: 'private' | 'shared';
  /** The person who acted (absent where the core speaks first in a shared chat). */
  readonly actor?: Person;
  /** The card whose button was pressed (an invoke), and whether it was targeted at the presser. */
  readonly pressed?: { readonly id: string; readonly targeted: boolean };
  /**
   * The invoke's answer: a card that replaces the pressed one for the presser; `edited`: the card
   * was replaced for everyone already. `false`: it could not be shown so (a late answer, invoke-answer.ts).
   */
  readonly answer?: (card: object, edited: boolean) => Promise<boolean>;
  /** Where a sent message landed, for the core's later edits. */
  readonly landed: (conversationId: string, messageId: string) => SentMessage;
  /** A targeted message was sent (its id), so a press on it is known to be its reader's alone. */
  readonly targeted?: (messageId: string) => void;
  /** A targeted message was refused in this conversation (auto mode: not tried again here). */
  readonly targetedRefused?: () => void;
  /** Where a support channel's audit records go (a thread per day). */
  readonly auditThread?: TeamsAuditThread;
  /** Files waiting for their consent card's answer (files.ts); without it a file is shown as text. */
  readonly files?: HeldFiles;
}

/**
 * Teams' conversation, and a card for the person who acted alone (a secret's form, a support
 * channel's set-up): targeted at them in a shared conversation, else in their personal chat with a
 * note here naming them (docs/teams.md §3.3); `unreachable` where neither can be sent.
 */
export type TeamsConversation = Conversation & {
  toAsker(card: Rendered, language?: Language): Promise<'here' | 'personal' | 'unreachable'>;
};

export function teamsConversation(o: TeamsConversationOptions): TeamsConversation {
  const { place, actor } = o;
  const personal = async (): Promise<TeamsPlace | 'unreachable'> => {
    if (o.kind === 'private') return place;
    if (!actor) return 'unreachable';
    return place.personalChat(actor);
  };
  const toAsker: TeamsConversation['toAsker'] = async (card, language) => {
    if (o.kind === 'private') {
      await place.send(card);
      return 'here';
    }
    if (await targetedSend(o, card).catch(() => false)) return 'here';
    const chat = await personal();
    if (chat === 'unreachable') return 'unreachable';
    await chat.send(card);
    const words = wordsIn(o.can.privateWords, language);
    await place.send(renderReply({ text: words.sentTo(ACTOR_MARK) }, 'rich', actor));
    return 'personal';
  };
  return {
    toAsker,
    platform: 'teams',
    can: o.can,
    kind: o.kind,
    ...(o.pressed?.targeted ? { pressedPrivately: true } : {}),
    async post(reply: Reply, form?: ReplyForm) {
      const { file, rest } = withoutFile(o, reply);
      const sent = o.landed(place.o.conversationId, await place.send(renderReply(rest, form, actor)));
      if (file) await upload(o, personal, file, 'chat', reply.language);
      return sent;
    },
    showToActor: (reply, form) => targetedSend(o, renderReply(reply, form, actor)),
    async postPrivately(reply, form) {
      const chat = await personal();
      if (chat === 'unreachable') return 'unreachable';
      const { file, rest } = withoutFile(o, reply);
      const id = await chat.send(renderReply(rest, form));
      if (file) await upload(o, personal, file, 'private', reply.language);
      return o.landed(chat.o.conversationId, id);
    },
    ...pressedCard(o),
    deleteIncoming: async () => false,
    ...(o.kind === 'shared'
      ? { audit: (records: NonNullable<Reply['audit']>, language?: Language) => audit(o, records, language) }
      : {}),
    upload: (file: ReplyFile, where, language) => upload(o, personal, file, where, language),
    async askSecret(ask: SecretAsk) {
      const card = { type: 'message' as const, attachments: [secretCard(ask)] };
      // In a shared conversation only as a card targeted at the asker, else in the personal chat.
      return (await toAsker(card, ask.language)) !== 'unreachable';
    },
  };
}

/**
 * A message to the person who acted alone, inside a shared conversation (a targeted message):
 * `false` where the channel does not send them; a refusal is reported as `refused`, so the core's
 * road out takes the personal chat, and (auto mode) is not tried again in that conversation.
 */
async function targetedSend(o: TeamsConversationOptions, rendered: Rendered): Promise<boolean> {
  if (!o.can.showToOne || !o.actor || o.kind === 'private') return false;
  try {
    o.targeted?.(await o.place.send(rendered, o.actor));
    return true;
  } catch (error) {
    if (error instanceof SendFailedError && error.report === 'refused') o.targetedRefused?.();
    throw error;
  }
}

/** The pressed card: replaced by an edit (for everyone who sees it) and the invoke's answer, or for the presser alone. */
function pressedCard(o: TeamsConversationOptions): Pick<Conversation, 'editPressed' | 'showInPlace'> {
  return {
    async editPressed(reply) {
      if (!o.pressed) return false;
      try {
        await o.place.edit(o.pressed.id, renderReply(reply, 'rich', o.actor), o.pressed.targeted);
      } catch (error) {
        if (error instanceof SendFailedError && error.report === 'refused') return false;
        throw error;
      }
      await o.answer?.(cardOf(reply), true);
      return true;
    },
    ...(o.answer
      ? { showInPlace: async (reply: Reply) => (await o.answer?.(cardOf(reply), false)) ?? false }
      : {}),
  };
}

/** A support channel's audit records, in the day's thread of the conversation the request came from (docs/privacy.md §3.3). */
async function audit(
  o: TeamsConversationOptions,
  records: NonNullable<Reply['audit']>,
  language?: Language,
): Promise<void> {
  for (const record of records) {
    const who = o.actor && record.actor === o.actor.id ? o.actor : { id: record.actor, name: record.actor };
    const rendered = renderReply({ text: record.note }, 'rich', who);
    if (o.auditThread) await o.auditThread.post(o.place, rendered, language);
    else await o.place.send(rendered);
  }
}

/** A reply's file that goes by the consent flow (not a chart, which the card shows), and the rest. */
function withoutFile(o: TeamsConversationOptions, reply: Reply): { file?: ReplyFile; rest: Reply } {
  if (!reply.file || !o.files || isImage(reply.file)) return { rest: reply };
  const { file, ...rest } = reply;
  return { file, rest };
}

/**
 * A file (docs/teams.md §3.5): a chart as a card's image, anywhere; another file only in the
 * personal chat, by a consent card (files.ts), with a note where it was asked in a shared one.
 */
async function upload(
  o: TeamsConversationOptions,
  personal: () => Promise<TeamsPlace | 'unreachable'>,
  file: ReplyFile,
  where: 'chat' | 'private',
  language: Language | undefined,
): Promise<void> {
  if (!o.files || isImage(file)) {
    const target = where === 'private' ? await personal() : o.place;
    if (target === 'unreachable') throw new SendFailedError('refused', 'unreachable');
    await target.send(renderReply(fileReply(file, language)));
    return;
  }
  const chat = await personal();
  if (chat === 'unreachable') throw new SendFailedError('refused', 'unreachable');
  await offerFile(chat, o.files, file, language);
  // Asked for the chat in a shared conversation: the chat hears where the file went.
  if (where === 'chat' && o.kind === 'shared')
    await o.place.send(renderReply({ text: wordsIn(o.can.privateWords, language).fileSentTo(file.name) }));
}

/** A file as Teams carries it from a bot in any scope: a chart as the card's image, text in a monospace block. */
function fileReply(file: ReplyFile, language: Reply['language']): Reply {
  const lang = language ? { language } : {};
  if (typeof file.content !== 'string') return { ...lang, title: file.name, file };
  return { ...lang, title: file.name, sections: [{ title: file.mimeType, lines: file.content.split('\n') }] };
}
