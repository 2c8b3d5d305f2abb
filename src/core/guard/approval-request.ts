import { randomBytes } from 'node:crypto';
import { encodeButton } from '../buttons.js';
import type { CommandContext, GuardCheck } from '../command-spec.js';
import { disabledAction } from '../menu/button-state.js';
import { languageOf, type Messages } from '../messages.js';
import type { ApprovalRequest } from '../ports/guard.js';
import type { TrackedMessage } from '../ports/notify.js';
import type { Stores } from '../ports/stores.js';
import type { Reply } from '../reply.js';
import { APPROVAL_TTL_MS, defaultApprovers } from './policy.js';

/** The `track` key of a request message, so an expiry can edit it later. */
export const APPROVAL_TRACK_PREFIX = 'approval:';

/** The account an audit record of this command names: the card account for card commands. */
async function auditedAccount(ctx: CommandContext<unknown>, needs: string): Promise<string> {
  return needs === 'card' ? (await ctx.card()).username : (await ctx.account()).username;
}

/**
 * Holds a command for a second person (docs/money-guard.md §1, §2): the request is stored, audited as
 * proposed, and posted in the chat for everyone there, with Approve and Refuse. Its words are
 * public: `check.target` names what is acted on only as far as the chat may read it.
 */
export async function requestApproval(
  ctx: CommandContext<unknown>,
  command: { name: string; needs: string },
  check: Extract<GuardCheck, { kind: 'approve' }>,
): Promise<Reply> {
  const { t, identity } = ctx;
  const [policy, settings] = await Promise.all([
    ctx.stores.guard.policies.get(ctx.chatKey),
    ctx.stores.settings.chat(ctx.chatKey),
  ]);
  const id = randomBytes(6).toString('base64url');
  const request: ApprovalRequest = {
    id,
    chat: ctx.chatKey,
    platform: identity.platform,
    tenant: identity.tenant,
    chatId: ctx.chat.id,
    requester: ctx.identityKey,
    requesterUser: identity.user,
    ...(identity.displayName ? { requesterName: identity.displayName } : {}),
    requesterLocale: ctx.language,
    role: ctx.role,
    action: check.action,
    command: command.name,
    args: [...ctx.tokens],
    summary: t.approvalWhat[check.action]?.(check.target) ?? check.action,
    approvers: policy?.approvers ?? defaultApprovers(settings),
    createdAt: ctx.now.toISOString(),
    expiresAt: new Date(ctx.now.getTime() + APPROVAL_TTL_MS).toISOString(),
    status: 'pending',
  };
  await ctx.stores.guard.approvals.put(request);
  await ctx.audit({
    command: `approval asked: ${check.action}`,
    account: await auditedAccount(ctx, command.needs),
    target: id,
    outcome: 'ok',
    detail: 'proposed',
  });
  return {
    ...requestMessage(request, t),
    actions: [
      { label: t.approveButton, actionId: encodeButton({ kind: 'approve', id }), style: 'primary' },
      { label: t.refuseButton, actionId: encodeButton({ kind: 'refuse', id }), style: 'danger' },
    ],
    expiresAt: new Date(request.expiresAt),
    track: `${APPROVAL_TRACK_PREFIX}${id}`,
  };
}

/** The request as the chat reads it; `outcome` replaces the who-may-approve lines once decided. */
function requestMessage(request: ApprovalRequest, t: Messages, outcome?: string[]): Reply {
  const who = request.requesterName ?? t.approvalSomeone;
  const lines = [t.approvalAsk(who, request.summary)];
  if (outcome) lines.push(...outcome);
  else
    lines.push(
      t.approvalWho(t.approvalsWhoNames[request.approvers] ?? request.approvers, who),
      t.approvalExpiresIn(Math.round(APPROVAL_TTL_MS / 60_000)),
    );
  return {
    title: t.approvalTitle,
    text: lines.join('\n'),
    tone: outcome ? 'info' : 'warning',
    visibility: 'public',
  };
}

/** Where a request message landed (`Core.messageSent`), so an expiry can edit it. */
export async function recordApprovalMessage(stores: Stores, tracked: TrackedMessage): Promise<boolean> {
  if (!tracked.track.startsWith(APPROVAL_TRACK_PREFIX)) return false;
  // Field by field, onto the request as it is now: a decision written meanwhile stays (docs/reliability.md §8).
  const id = tracked.track.slice(APPROVAL_TRACK_PREFIX.length);
  await stores.guard.approvals.update(id, (r) => (r ? { ...r, message: tracked.message } : r));
  return true;
}

/** The request message with its outcome, and no buttons: placed for the whole chat. */
export function closed(request: ApprovalRequest, t: Messages, outcome: string[]): Reply {
  return {
    ...requestMessage(request, t, outcome),
    // Its Approve/Refuse become one button that no longer acts, where the channel can show one
    // (docs/interface.md §2.6): the request reads as decided or expired at a glance.
    actions: [disabledAction(t, request.status === 'expired' ? 'approval-expired' : 'decided')],
    audience: 'chat',
    language: languageOf(request.requesterLocale),
  };
}
