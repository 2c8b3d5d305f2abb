import { isAgent, type RoleNow } from '../accounts/roles.js';
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

/**
 * {@link mayDecide} on the presser's role as the platform gives it at the press (docs/money-guard.md §2.5):
 * `roleNow` asks past the adapter's cache, so an admin demoted a second ago is no approver; a
 * lookup that fails answers "no" (a permission fails closed). The agents list is the chat's
 * settings, read from the store for this press. Without `roleNow` (no cache), `chat` is read as it is.
 */
export async function mayDecideNow(
  approvers: ApprovalPolicy['approvers'],
  input: { identity: Identity; chat: ChatRef; roleNow?: (() => Promise<RoleNow>) | undefined },
  settings: ChatSettings,
): Promise<boolean> {
  if (!input.roleNow) return mayDecide(approvers, input.identity, input.chat, settings);
  const now = await input.roleNow().catch(() => undefined);
  if (!now) return false;
  const identity = now.groups ? { ...input.identity, groups: now.groups } : input.identity;
  return mayDecide(approvers, identity, { ...input.chat, userIsAdmin: now.userIsAdmin }, settings);
}
