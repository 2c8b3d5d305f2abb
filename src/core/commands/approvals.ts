import { z } from 'zod';
import type { Money } from '../../telephony/money.js';
import { type CommandContext, commandText, defineCommand } from '../command-spec.js';
import { parseGuardAmount } from '../guard/amounts.js';
import { APPROVAL_TTL_MS, CARD_ACTIONS, defaultApprovers } from '../guard/policy.js';
import type { ApprovalAction, ApprovalPolicy } from '../ports/guard.js';
import type { Reply } from '../reply.js';
import type { ArgsEnv } from '../values/args.js';

type ApprovalsArgs =
  | { op: 'show' }
  | { op: 'on' | 'off'; actions: ApprovalAction[]; amount?: Money }
  | { op: 'approvers'; who: ApprovalPolicy['approvers'] };

const CARD_SUBS = new Set(['create', 'block', 'unblock', 'disable', 'renumber']);

/** `on|off card [sub]`, `on|off call [price]`, `on|off topup [amount]`, `approvers admins|agents`. */
const approvalsArgs = ({ t }: ArgsEnv) =>
  z.array(z.string()).transform((tokens, ctx): ApprovalsArgs => {
    const [op, what, extra, ...rest] = tokens.map((x) => x.toLowerCase());
    const fail = () => {
      ctx.addIssue({ code: 'custom', message: t.approvalsFix });
      return z.NEVER;
    };
    if (op === undefined) return { op: 'show' };
    if (op === 'approvers')
      return (what === 'admins' || what === 'agents') && !extra ? { op, who: what } : fail();
    if ((op !== 'on' && op !== 'off') || rest.length > 0) return fail();
    if (what === 'card') {
      if (extra === undefined) return { op, actions: [...CARD_ACTIONS] };
      return CARD_SUBS.has(extra) ? { op, actions: [`card ${extra}` as ApprovalAction] } : fail();
    }
    if (what === 'call' || what === 'topup') {
      if (extra === undefined) return { op, actions: [what] };
      const amount = parseGuardAmount(extra, what === 'call' ? 4 : 2);
      return amount && op === 'on' ? { op, actions: [what], amount } : fail();
    }
    return fail();
  });

/** The policy as the chat reads it: what needs approval, who approves, when requests expire. */
function showPolicy(ctx: CommandContext<ApprovalsArgs>, policy: ApprovalPolicy | undefined): Reply {
  const { t, fmt } = ctx;
  if (!policy || policy.actions.length === 0) return { title: t.approvalsTitle, text: t.approvalsNone };
  const lines = policy.actions.map((a) => {
    const what = t.approvalsActions[a] ?? a;
    if (a === 'call')
      return t.approvalsOn(
        policy.callAbove
          ? t.approvalsAbove(what, t.approvalsPerMinute(fmt.price(policy.callAbove)))
          : t.approvalsCallCeiling,
      );
    if (a === 'topup' && policy.topupAbove)
      return t.approvalsOn(t.approvalsAbove(what, fmt.money(policy.topupAbove)));
    return t.approvalsOn(what);
  });
  lines.push(t.approvalsWho(t.approvalsWhoNames[policy.approvers] ?? policy.approvers));
  lines.push(t.approvalsExpiry(Math.round(APPROVAL_TTL_MS / 60_000)));
  if (policy.actions.includes('topup')) lines.push(t.approvalsTopupUnknown);
  return { title: t.approvalsTitle, text: lines.join('\n') };
}

/**
 * `/approvals` (docs/money-guard.md §1, §2): which actions in this team chat need a second person, and
 * who that may be. Anyone in the chat may read the policy; only its admins change it. A private
 * chat (and the console) has nobody else to approve, and says so.
 */
export function approvalsCommands() {
  return [
    defineCommand<ApprovalsArgs>({
      name: 'approvals',
      helpGroup: 'team',
      aliases: ['approval'],
      args: approvalsArgs,
      ...commandText('approvals'),
      roles: ['holder', 'agent', 'admin'],
      output: 'public',
      needs: 'none',
      async handler(ctx) {
        const { t } = ctx;
        if (ctx.chat.kind !== 'shared') return { text: t.approvalsNotHere, tone: 'warning' };
        const store = ctx.stores.guard.policies;
        const existing = await store.get(ctx.chatKey);
        const a = ctx.args;
        if (a.op === 'show') return showPolicy(ctx, existing);
        if (ctx.chat.userIsAdmin !== true) return { text: t.approvalsAdminsOnly, tone: 'error' };
        const settings = await ctx.stores.settings.chat(ctx.chatKey);
        const policy: ApprovalPolicy = existing ?? {
          id: ctx.chatKey,
          actions: [],
          approvers: defaultApprovers(settings),
          setBy: ctx.identityKey,
          setAt: ctx.now.toISOString(),
        };
        const next: ApprovalPolicy = { ...policy, setBy: ctx.identityKey, setAt: ctx.now.toISOString() };
        if (a.op === 'approvers') {
          if (a.who === 'agents' && !settings.support) return { text: t.approvalsNoAgents, tone: 'error' };
          next.approvers = a.who;
        } else if (a.op === 'on') {
          next.actions = [...new Set([...policy.actions, ...a.actions])];
          if (a.actions[0] === 'call') next.callAbove = a.amount;
          // Card amounts are EUR (spec 4.1 `Amount`); a call's rate is in each account's own currency.
          if (a.actions[0] === 'topup') next.topupAbove = a.amount && { ...a.amount, currency: 'EUR' };
        } else {
          next.actions = policy.actions.filter((x) => !a.actions.includes(x));
        }
        await store.put(next);
        const shown = showPolicy(ctx, next);
        return { ...shown, text: `${t.approvalsChanged}\n${shown.text}`, tone: 'success' };
      },
    }),
  ];
}
