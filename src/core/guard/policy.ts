import { isAgent } from '../accounts/roles.js';
import type { CommandContext } from '../command-spec.js';
import type { ChatRef, Identity } from '../identity.js';
import type { ApprovalAction, ApprovalPolicy } from '../ports/guard.js';
import type { ChatSettings } from '../ports/records.js';

/** How long a request waits for a second person. */
export const APPROVAL_TTL_MS = 30 * 60_000;

export const CARD_ACTIONS: readonly ApprovalAction[] = [
  'card create',
  'card block',
  'card unblock',
  'card disable',
  'card renumber',
];

/** The policy of the team chat a command runs in; a private chat has none (nobody else could approve). */
export async function policyHere(
  ctx: Pick<CommandContext<unknown>, 'chat' | 'chatKey' | 'stores'>,
): Promise<ApprovalPolicy | undefined> {
  if (ctx.chat.kind !== 'shared') return undefined;
  const policy = await ctx.stores.guard.policies.get(ctx.chatKey);
  return policy && policy.actions.length > 0 ? policy : undefined;
}

/** Who approves by default: a support channel's agents, else the chat's admins. */
export function defaultApprovers(settings: ChatSettings): ApprovalPolicy['approvers'] {
  return settings.support ? 'agents' : 'admins';
}

/**
 * Whether this person may decide a request of this chat: its admins (as the platform says:
 * a Telegram group admin, a Slack workspace admin) or its support agents, as the policy names.
 * The requester is told apart by the caller: they never approve their own request.
 */
export function mayDecide(
  approvers: ApprovalPolicy['approvers'],
  identity: Identity,
  chat: ChatRef,
  settings: ChatSettings,
): boolean {
  if (chat.kind !== 'shared') return false;
  if (approvers === 'admins') return chat.userIsAdmin === true;
  return isAgent(settings.support, identity);
}
