import { roleFor } from '../accounts/roles.js';
import type { ButtonOf } from '../buttons.js';
import type { IncomingAction } from '../core.js';
import { closed } from '../guard/approval-request.js';
import { APPROVAL_TTL_MS, mayDecideNow } from '../guard/policy.js';
import { chatKey, identityKey } from '../identity.js';
import { buttonStateWords } from '../menu/button-state.js';
import { type Messages, messagesFor } from '../messages.js';
import type { ApprovalRequest } from '../ports/guard.js';
import type { ActionOutcome, Reply } from '../reply.js';
import { parseArgs, runStep } from './command-steps.js';
import { credentials, runChecked } from './dispatch.js';
import { chatSettingsOf, type Engine, localeOf } from './engine.js';
import { guardRefusalStep } from './guard-step.js';
import { chain } from './turn.js';

type Decision = Exclude<ApprovalRequest['status'], 'pending'>;

/**
 * A press on a request (docs/money-guard.md §1, §2). A stranger's press changes nothing; the requester can
 * never approve (only withdraw); one decision per request across instances, taken by a claim in
 * the shared store, so two approvers pressing at once run it once. Each decision is audited, and an
 * approved request runs as its requester through the command's own handler, with its never-retry
 * rules unchanged. The request message is edited in place with the outcome.
 */
export async function pressApproval(
  e: Engine,
  input: IncomingAction,
  t: Messages,
  button: ButtonOf<'approve' | 'refuse'>,
): Promise<ActionOutcome> {
  // Approve approves; Refuse refuses, or, pressed by the requester, withdraws.
  const { id } = button;
  const approves = button.kind === 'approve';
  const request = await e.stores.guard.approvals.get(id);
  const here = chatKey(input.identity.platform, input.identity.tenant, input.chat);
  if (!request || request.chat !== here) return { notice: buttonStateWords(t, 'decided') };
  const settings = await chatSettingsOf(e, input.identity, input.chat);
  const own = request.requester === identityKey(input.identity);
  if (own && approves) return { notice: t.approvalOwn };
  // Asked of the platform now, past any cache: a demoted admin is no approver (docs/money-guard.md §2.5).
  if (!own && !(await mayDecideNow(request.approvers, input, settings)))
    return { notice: t.approvalNotApprover(t.approvalsWhoNames[request.approvers] ?? request.approvers) };
  if (request.status !== 'pending')
    return { notice: buttonStateWords(t, request.status === 'expired' ? 'approval-expired' : 'decided') };
  // Exactly one decision: the first claim wins, on any instance; a second press changes nothing.
  if (!(await e.stores.proactive.claims.claim(`approval:${id}`, 2 * APPROVAL_TTL_MS)))
    return { notice: t.approvalDecided };
  const expired = e.clock().getTime() >= Date.parse(request.expiresAt);
  const status: Decision = expired ? 'expired' : own ? 'withdrawn' : approves ? 'approved' : 'refused';
  const decision = {
    status,
    decidedBy: identityKey(input.identity),
    ...(input.identity.displayName ? { decidedByName: input.identity.displayName } : {}),
  };
  // Only the decision's fields, onto the record as it is now: a message recorded since the read
  // (approval-request.ts recordApprovalMessage) stays (docs/reliability.md §8.1).
  const decided: ApprovalRequest = (await e.stores.guard.approvals.update(id, (now) =>
    now ? { ...now, ...decision } : now,
  )) ?? {
    ...request,
    ...decision,
  };
  await auditDecision(e, decided, input);
  const rt = messagesFor(request.requesterLocale);
  const by = input.identity.displayName ?? rt.approvalSomeone;
  if (status !== 'approved') {
    // The chat reads the request's language; the presser's notice is in their own.
    const words = (m: Messages) => ({
      expired: m.approvalExpired,
      withdrawn: m.approvalWithdrawn(by),
      refused: m.approvalRefused(by),
    });
    return { notice: words(t)[status], update: closed(decided, rt, [words(rt)[status]]) };
  }
  const ran = await execute(e, decided, input.requestId ?? id);
  const lines = [ran.ok ? rt.approvalApprovedDone(by) : rt.approvalApprovedFailed(by)];
  if (ran.sentTo) lines.push(rt.approvalDetailsTo(ran.sentTo));
  return {
    notice: ran.ok ? t.approvalApprovedDone(by) : t.approvalApprovedFailed(by),
    update: closed(decided, rt, lines),
    ...(ran.here.length ? { followUps: ran.here } : {}),
  };
}

/** Approval, refusal, withdrawal and expiry each leave an audit record naming who decided. */
async function auditDecision(e: Engine, request: ApprovalRequest, input: IncomingAction): Promise<void> {
  const words: Record<Decision, string> = {
    approved: 'approval given',
    refused: 'approval refused',
    withdrawn: 'approval withdrawn',
    expired: 'approval expired',
  };
  const status = request.status as Decision;
  await e.stores.audit.append({
    at: e.clock().toISOString(),
    actor: identityKey(input.identity),
    actorName: input.identity.displayName,
    chat: request.chat,
    account: request.requester,
    command: `${words[status]}: ${request.action}`,
    target: request.id,
    outcome: status === 'approved' ? 'ok' : 'refused',
    detail: status,
  });
}

/**
 * Runs the approved command as its requester would have (their credentials, or the support
 * channel's), through the same credentials and run steps as a confirmation, and the guard's
 * refusals (a limit reached meanwhile); its replies go to the requester privately, since they may
 * hold what only the requester may read (a new card's PIN).
 */
async function execute(
  e: Engine,
  request: ApprovalRequest,
  requestId: string,
): Promise<{ ok: boolean; sentTo?: string; here: Reply[] }> {
  const identity = {
    platform: request.platform,
    tenant: request.tenant,
    user: request.requesterUser,
    ...(request.requesterName ? { displayName: request.requesterName } : {}),
  };
  const asker = {
    identity,
    chat: { id: request.chatId, kind: 'shared' as const },
    locale: request.requesterLocale,
  };
  const spec = e.byName.get(request.command);
  const settings = await e.stores.settings.chat(request.chat);
  const t = messagesFor(request.requesterLocale);
  if (!spec || roleFor(spec, asker, settings) !== request.role)
    return { ok: false, here: [{ text: t.approvalNoLongerAllowed, tone: 'warning', audience: 'chat' }] };
  const loc = await localeOf(e, asker);
  const parsed = parseArgs(e, spec, request.args, loc);
  if (!parsed.success)
    return { ok: false, here: [{ text: t.approvalNoLongerAllowed, tone: 'warning', audience: 'chat' }] };
  const command = { spec, tokens: request.args, args: parsed.data, role: request.role };
  const steps = chain(credentials(e)).to(guardRefusalStep).to(runStep).run;
  const { placed: replies, record } = await runChecked(e, { input: asker, requestId, loc }, command, steps);
  const ok = record.outcome === 'ok' && !replies.some((r) => r.tone === 'error');
  const sent = await sendToRequester(e, request, replies);
  return { ok, ...(sent ? { sentTo: request.requesterName ?? t.approvalSomeone } : {}), here: [] };
}

/** The result, to the requester's private chat (Telegram) or DM (Slack), through the outbox. */
async function sendToRequester(e: Engine, request: ApprovalRequest, replies: Reply[]): Promise<boolean> {
  const outbox = e.outbox?.();
  if (!outbox || replies.length === 0) return false;
  const to = {
    platform: request.platform,
    tenant: request.tenant,
    kind: 'user' as const,
    user: request.requesterUser,
  };
  let all = true;
  for (const reply of replies) {
    const { audience: _a, audit: _r, deleteIncoming: _d, ...rest } = reply;
    const sent = await outbox.send(to, { ...rest, audience: 'private' });
    if (sent.status !== 'sent') {
      all = false;
      e.logger.warn(
        { approval: request.id, reason: sent.reason },
        'approval: result not delivered to the requester',
      );
    }
  }
  return all;
}
