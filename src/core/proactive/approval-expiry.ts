import { closed } from '../guard/approval-request.js';
import { APPROVAL_TTL_MS } from '../guard/policy.js';
import { errorSummary } from '../logs/safe-error.js';
import { messagesFor } from '../messages.js';
import type { ApprovalRequest } from '../ports/guard.js';
import type { ProactiveContext } from './context.js';

/** Decided requests are kept this long (the audit log keeps the decision for good). */
const KEEP_DECIDED_MS = 7 * 86_400_000;

/**
 * Requests nobody decided in time (docs/money-guard.md §1, §2): each is closed as expired once, by the
 * same claim a press takes (so a late press and the sweep cannot both decide it), audited, and its
 * message edited in place where the adapter said where it landed.
 */
export async function expireApprovals(ctx: ProactiveContext): Promise<{ expired: number }> {
  const now = ctx.clock();
  let expired = 0;
  const approvals = ctx.stores.guard.approvals;
  for await (const request of approvals.list()) {
    if (request.status !== 'pending') {
      if (now.getTime() - Date.parse(request.expiresAt) > KEEP_DECIDED_MS) await approvals.retire(request);
      continue;
    }
    if (now.getTime() < Date.parse(request.expiresAt)) continue;
    if (!(await ctx.stores.proactive.claims.claim(`approval:${request.id}`, 2 * APPROVAL_TTL_MS))) continue;
    try {
      const decided = await settleExpired(ctx, request);
      if (!decided) continue;
      await ctx.stores.audit.append({
        at: now.toISOString(),
        actor: request.requester,
        chat: request.chat,
        account: request.requester,
        command: `approval expired: ${request.action}`,
        target: request.id,
        outcome: 'refused',
        detail: 'expired',
      });
      expired += 1;
      const t = messagesFor(request.requesterLocale);
      if (decided.message) await ctx.outbox.edit(decided.message, closed(decided, t, [t.approvalExpired]));
    } catch (err) {
      ctx.logger.warn({ approval: request.id, err: errorSummary(err) }, 'approval expiry failed');
    }
  }
  return { expired };
}

/**
 * The decision is this job's (its claim is the one a press takes), so only `status` is written,
 * onto the request as read; when its message landed meanwhile (a new revision), onto the request
 * read again, so the message it edits is the one recorded (docs/reliability.md §8).
 */
async function settleExpired(ctx: ProactiveContext, request: ApprovalRequest) {
  const approvals = ctx.stores.guard.approvals;
  let seen: ApprovalRequest | undefined = request;
  for (let tries = 0; seen?.status === 'pending' && tries < 5; tries++) {
    const decided = await approvals.settle(seen, { status: 'expired' });
    if (decided) return decided;
    seen = await approvals.get(request.id);
  }
  return undefined;
}
