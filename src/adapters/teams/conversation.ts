import {
  type ChannelCapabilities,
  type Conversation,
  type Reply,
  type ReplyFile,
  type ReplyForm,
  type SecretAsk,
  SendFailedError,
  type SentMessage,
} from '../../core/index.js';
import { secretCard } from './forms.js';
import type { Person, TeamsPlace } from './place.js';
import { cardOf, renderReply } from './render-card.js';

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
  /** Sets the invoke's answer: a card that replaces the pressed one for the presser. */
  readonly answer?: (card: object) => void;
  /** Where a sent message landed, for the core's later edits. */
  readonly landed: (conversationId: string, messageId: string) => SentMessage;
  /** A targeted message was sent (its id), so a press on it is known to be its reader's alone. */
  readonly targeted?: (messageId: string) => void;
  /** A targeted message was refused in this conversation (auto mode: not tried again here). */
  readonly targetedRefused?: () => void;
}

export function teamsConversation(o: TeamsConversationOptions): Conversation {
  const { place } = o;
  const actor = o.actor;
  const post = async (reply: Reply, form?: ReplyForm) => {
    const id = await place.send(renderReply(reply, form, actor));
    return o.landed(place.o.conversationId, id);
  };
  const personal = async (): Promise<TeamsPlace | 'unreachable'> => {
    if (o.kind === 'private') return place;
    if (!actor) return 'unreachable';
    return place.personalChat(actor);
  };
  return {
    platform: 'teams',
    can: o.can,
    kind: o.kind,
    ...(o.pressed?.targeted ? { pressedPrivately: true } : {}),
    post,
    async showToActor(reply, form) {
      if (!o.can.showToOne || !actor || o.kind === 'private') return false;
      try {
        o.targeted?.(await place.send(renderReply(reply, form, actor), actor));
        return true;
      } catch (error) {
        if (error instanceof SendFailedError && error.report === 'refused') o.targetedRefused?.();
        throw error;
      }
    },
    ...(o.answer
      ? {
          showInPlace: async (reply: Reply) => {
            o.answer?.(cardOf(reply));
            return true;
          },
        }
      : {}),
    async postPrivately(reply, form) {
      const chat = await personal();
      if (chat === 'unreachable') return 'unreachable';
      const id = await chat.send(renderReply(reply, form));
      return o.landed(chat.o.conversationId, id);
    },
    async editPressed(reply) {
      if (!o.pressed) return false;
      const rendered = renderReply(reply, 'rich', actor);
      try {
        await place.edit(o.pressed.id, rendered, o.pressed.targeted);
      } catch (error) {
        if (error instanceof SendFailedError && error.report === 'refused') return false;
        throw error;
      }
      o.answer?.(cardOf(reply));
      return true;
    },
    deleteIncoming: async () => false,
    // A support channel's audit records, in the thread the request came from (docs/privacy.md §3.3).
    ...(o.kind === 'shared'
      ? {
          audit: async (records: NonNullable<Reply['audit']>) => {
            for (const record of records) {
              const who =
                actor && record.actor === actor.id ? actor : { id: record.actor, name: record.actor };
              await place.send(renderReply({ text: record.note }, 'rich', who));
            }
          },
        }
      : {}),
    async upload(file: ReplyFile, where, language) {
      const target = where === 'private' ? await personal() : place;
      if (target === 'unreachable') throw new SendFailedError('refused', 'unreachable');
      await target.send(renderReply(fileReply(file, language)));
    },
    async askSecret(ask: SecretAsk) {
      const card = { type: 'message' as const, attachments: [secretCard(ask)] };
      // In a shared conversation only as a card targeted at the asker, else in the personal chat.
      if (o.kind === 'shared' && o.can.showToOne && actor) {
        try {
          o.targeted?.(await place.send(card, actor));
          return true;
        } catch (error) {
          if (!(error instanceof SendFailedError && error.report === 'refused')) throw error;
          o.targetedRefused?.();
        }
      }
      const chat = await personal();
      if (chat === 'unreachable') return false;
      await chat.send(card);
      return true;
    },
  };
}

/** A file as Teams carries it from a bot in any scope: a chart as the card's image, text in a monospace block. */
function fileReply(file: ReplyFile, language: Reply['language']): Reply {
  const lang = language ? { language } : {};
  if (typeof file.content !== 'string') return { ...lang, title: file.name, file };
  return { ...lang, title: file.name, sections: [{ title: file.mimeType, lines: file.content.split('\n') }] };
}
