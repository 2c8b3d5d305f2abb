import { type Conversation, onePlaceConversation, type Platform, type Reply } from '../../core/index.js';
import { MCP_CAN } from './capabilities.js';

/**
 * The assistant's conversation with its person, for the door (ports/channel.ts): a tool call's
 * decision is shown as its result, so the core delivers nothing here; should it, what it posts
 * joins the result (where a secret is still withheld, tool-result.ts).
 */
export function mcpConversation(platform: Platform, into: (reply: Reply) => void): Conversation {
  let count = 0;
  return onePlaceConversation({
    platform,
    can: MCP_CAN,
    async post(reply) {
      into(reply);
      count += 1;
      return { platform, tenant: '', chatId: 'mcp', messageId: String(count) };
    },
    upload: async (file, _where, language) => into({ file, ...(language ? { language } : {}) }),
  });
}
