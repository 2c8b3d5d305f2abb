import type { SentMessage } from '../../core/index.js';
import { type TeamsConversation, teamsConversation } from './conversation.js';
import { type Person, type PlaceOptions, TeamsPlace } from './place.js';
import type { TurnDeps } from './turn.js';

/**
 * The conversation a request is answered in (docs/teams.md §2): one place at the activity's
 * `serviceUrl`, with the person who acted, the targeting state and the audit thread. A turn's own
 * conversation, or, for a support channel's set-up submitted from the personal chat, the channel.
 * Files go by their consent card (files.ts) in either.
 */
export type TurnPlace = Omit<PlaceOptions, 'sender'>;

export async function conversationAt(
  deps: Pick<TurnDeps, 'sender' | 'targeting' | 'auditThread' | 'files'>,
  at: TurnPlace,
  actor: Person,
  invoke?: {
    pressed?: { id: string; targeted: boolean };
    answer: (card: object, edited: boolean) => Promise<boolean>;
  },
): Promise<{ place: TeamsPlace; conversation: TeamsConversation }> {
  const place = new TeamsPlace({ ...at, sender: deps.sender });
  const conversation = teamsConversation({
    place,
    // The refusal memory is in the store (docs/channels.md §2.4), so reading it waits.
    can: await deps.targeting.can(at.conversationId),
    kind: at.isGroup ? 'shared' : 'private',
    actor,
    landed: landedIn(at.tenantId),
    targeted: (id) => deps.targeting.sent(id),
    targetedRefused: () => deps.targeting.refused(at.conversationId),
    auditThread: deps.auditThread,
    files: deps.files,
    ...(invoke?.pressed ? { pressed: invoke.pressed } : {}),
    ...(invoke ? { answer: invoke.answer } : {}),
  });
  return { place, conversation };
}

/** Where a sent message landed, for the core's later edits. */
export const landedIn =
  (tenant: string) =>
  (conversationId: string, messageId: string): SentMessage => ({
    platform: 'teams',
    tenant,
    chatId: conversationId,
    messageId,
  });
