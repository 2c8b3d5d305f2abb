import type { PhoneNumber } from '../../telephony/phone.js';
import type { CommandContext, GuardCheck } from '../command-spec.js';
import { compareAmounts } from '../guard/amounts.js';
import { policyHere } from '../guard/policy.js';
import { periodSpend, spentText } from '../guard/spend-period.js';
import type { Reply } from '../reply.js';
import { subscriptionId } from './alert.js';

const refuse = (text: string): GuardCheck => ({
  kind: 'refuse',
  reply: { text, tone: 'error', visibility: 'personal' } satisfies Reply,
});

/**
 * The money guard on `/call` (docs/money-guard.md §1, §2), before anything is sent: a daily or monthly
 * limit already reached refuses it; a destination whose rate (spec 4.8, the B number: the call is
 * billed at its rate) is above the account's `/limit price` is refused naming rate and ceiling, or,
 * in a team chat with `/approvals on call`, waits for a second person, as does a call above the
 * policy's own price.
 */
export async function callGuard(
  ctx: CommandContext<readonly (PhoneNumber | undefined)[]>,
): Promise<GuardCheck | undefined> {
  const { t, fmt } = ctx;
  const { client, username } = await ctx.account();
  const [limit, policy] = await Promise.all([
    ctx.stores.guard.limits.get(subscriptionId(ctx, username)),
    policyHere(ctx),
  ]);
  const approvals = policy?.actions.includes('call') === true;
  if (!limit && !approvals) return undefined;
  for (const period of ['daily', 'monthly'] as const) {
    const max = limit?.[period];
    if (!max) continue;
    const read = await periodSpend({ client }, period, ctx.now, limit!.timeZone, max.currency);
    if (compareAmounts(read.spent, max) >= 0)
      return refuse(
        t.limitReachedCall(t.limitKinds[period] ?? period, spentText(t, fmt, read), fmt.money(max)),
      );
  }
  const ceiling = limit?.price;
  const approveAbove = policy?.callAbove ?? ceiling;
  if (!ceiling && !(approvals && approveAbove)) return undefined;
  const { rates } = await client.rates({ numbers: [ctx.args[1]!] });
  const rate = rates[0];
  if (!rate) return undefined;
  const over = (m: typeof ceiling) => m !== undefined && compareAmounts(rate.price, m) > 0;
  if (approvals && (over(approveAbove) || over(ceiling)))
    return {
      kind: 'approve',
      action: 'call',
      target: t.approvalCallWhat(rate.destination || t.approvalSomeone, fmt.price(rate.price)),
    };
  if (!over(ceiling)) return undefined;
  const text = t.callAboveCeiling(rate.destination, fmt.price(rate.price), fmt.price(ceiling!));
  return refuse(ctx.chat.kind === 'shared' ? `${text}\n${t.callAboveCeilingApprovalsHint}` : text);
}
