import type { CommandContext, GuardCheck } from '../command-spec.js';
import { compareAmounts } from '../guard/amounts.js';
import { policyHere } from '../guard/policy.js';
import { publicNumber } from '../guard/public-target.js';
import type { ApprovalAction } from '../ports/guard.js';
import type { CardArgs } from './card-args.js';

/**
 * Four-eyes on the card lifecycle (docs/money-guard.md §1, §2): in a team chat whose policy names the
 * action (`/approvals on card block`), or a card load above the policy's amount (`/approvals on
 * topup 20`: `card create <number> <amount>`, the one top-up whose amount the bot knows before it
 * runs), the command waits for a second person.
 */
export async function cardGuard(ctx: CommandContext<CardArgs>): Promise<GuardCheck | undefined> {
  const a = ctx.args;
  if (a.sub === 'show' || a.sub === 'activate' || a.sub === 'limit') return undefined;
  const policy = await policyHere(ctx);
  if (!policy) return undefined;
  const action = `card ${a.sub}` as ApprovalAction;
  const load =
    a.sub === 'create' &&
    a.amount !== undefined &&
    a.amount.minor > 0 &&
    policy.actions.includes('topup') &&
    (!policy.topupAbove || compareAmounts(a.amount, policy.topupAbove) > 0);
  if (!policy.actions.includes(action) && !load) return undefined;
  const card = await publicNumber(ctx, a.cli.digits);
  const amount = a.sub === 'create' && a.amount ? ctx.fmt.money(a.amount) : undefined;
  return {
    kind: 'approve',
    action: load && !policy.actions.includes(action) ? 'topup' : action,
    target: ctx.t.approvalCardWhat(card, amount),
  };
}
