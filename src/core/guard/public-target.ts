import type { CommandContext } from '../command-spec.js';
import { sharedChatMayShow } from '../delivery/delivery.js';

/**
 * A number as a request message may name it in its chat: whole where the chat may read personal
 * data (`/groupdata on`) or is a support channel (its agents work on the team's own cards), else
 * only its last four digits: enough for an approver to tell which one, not a number to dial.
 */
export async function publicNumber(ctx: Pick<CommandContext<unknown>, 'stores' | 'chatKey'>, digits: string) {
  const settings = await ctx.stores.settings.chat(ctx.chatKey);
  if (settings.support || sharedChatMayShow('personal', settings)) return `+${digits}`;
  return `…${digits.slice(-4)}`;
}
