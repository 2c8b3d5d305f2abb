import type { Reply } from './reply.js';

/**
 * Where a reply may be shown (issue 5, 6, 15): a secret never in a shared chat; personal data only
 * where the chat allowed it (`/groupdata on`). Replies to commands and messages the bot sends first
 * (alerts, call reports, digests) are placed by this one rule.
 */
export function keepOutOfSharedChat(reply: Pick<Reply, 'visibility'>, chatAllowsPersonal: boolean): boolean {
  return reply.visibility === 'secret' || (reply.visibility === 'personal' && !chatAllowsPersonal);
}
