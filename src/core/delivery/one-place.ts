import type { ChannelCapabilities, Conversation } from '../ports/channel.js';
import type { SentMessage } from '../ports/notify.js';
import type { Reply } from '../reply.js';

/**
 * A conversation with one person in one place (a terminal, an assistant's tool result): every
 * destination (the chat, the actor, the private chat) is that place, and nothing typed is deleted
 * or edited in place (docs/architecture.md §5.3).
 */
export function onePlaceConversation(place: {
  readonly platform: Conversation['platform'];
  readonly can: ChannelCapabilities;
  post(reply: Reply): Promise<SentMessage>;
  upload: Conversation['upload'];
}): Conversation {
  const { post } = place;
  return {
    platform: place.platform,
    can: place.can,
    kind: 'private',
    post,
    postPrivately: post,
    showToActor: async (reply) => {
      await post(reply);
      return true;
    },
    editPressed: async () => false,
    deleteIncoming: async () => false,
    upload: place.upload,
  };
}
