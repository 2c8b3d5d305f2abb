import { z } from 'zod';
import type { Money } from '../../telephony/money.js';
import { type CommandContext, commandText, defineCommand } from '../command-spec.js';
import { inCurrency, levelOf, parseGuardAmount, percentOf } from '../guard/amounts.js';
import { type LimitPeriod, periodSpend, spentText } from '../guard/spend-period.js';
import type { SpendLimit } from '../ports/guard.js';
import type { Reply } from '../reply.js';
import type { ArgsEnv } from '../values/args.js';
import { subscriptionOf } from './alert.js';

type Kind = LimitPeriod | 'price';
type LimitArgs = { op: 'show' } | { op: 'off'; kind?: Kind } | { op: 'set'; kind: Kind; amount: Money };

const KINDS: Record<string, Kind> = {
  daily: 'daily',
  day: 'daily',
  täglich: 'daily',
  monthly: 'monthly',
  month: 'monthly',
  monatlich: 'monthly',
  price: 'price',
  preis: 'price',
};

/** `/limit`, `/limit off`, `/limit daily 5.00`, `/limit price 0.10`, `/limit daily off`. */
const limitArgs = ({ t }: ArgsEnv) =>
  z.array(z.string()).transform((tokens, ctx): LimitArgs => {
    const [first, second, ...rest] = tokens.map((x) => x.toLowerCase());
    if (first === undefined) return { op: 'show' };
    if (/^(off|aus)$/.test(first) && second === undefined) return { op: 'off' };
    const kind = KINDS[first];
    const amount =
      kind && second !== undefined && rest.length === 0
        ? parseGuardAmount(second, kind === 'price' ? 4 : 2)
        : undefined;
    if (kind && second !== undefined && /^(off|aus)$/.test(second) && rest.length === 0)
      return { op: 'off', kind };
    if (!kind || !amount) {
      ctx.addIssue({ code: 'custom', message: t.limitFix });
      return z.NEVER;
    }
    return { op: 'set', kind, amount };
  });

/** The limits with today's and this month's spend, and what a limit can and cannot do. */
async function showLimits(ctx: CommandContext<LimitArgs>, limit: SpendLimit): Promise<Reply> {
  const { t, fmt } = ctx;
  const { client } = await ctx.account();
  const fields: { label: string; value: string }[] = [];
  for (const period of ['daily', 'monthly'] as const) {
    const max = limit[period];
    if (!max) continue;
    const read = await periodSpend({ client }, period, ctx.now, limit.timeZone, max.currency);
    fields.push({
      label: t.limitKinds[period] ?? period,
      value: t.limitSpent(spentText(t, fmt, read), fmt.money(max), percentOf(read.spent, max)),
    });
  }
  if (limit.price)
    fields.push({ label: t.limitKinds.price ?? 'price', value: t.limitPerMinute(fmt.price(limit.price)) });
  return { title: t.limitTitle(limit.label), fields, text: t.limitNote, visibility: 'personal' };
}

/**
 * `/limit` (docs/money-guard.md §1, §2): spend limits per day and month of the active account, counted
 * from its call records in the user's zone, alerting at 50, 80 and 100 % (proactive/limit-sweep.ts),
 * and a per-minute price ceiling on the calls the bot starts. The API cannot stop calls made outside
 * the bot, so a limit warns and refuses only what the bot itself would start; the reply says so.
 */
export function limitCommands() {
  return [
    defineCommand<LimitArgs>({
      name: 'limit',
      helpGroup: 'account',
      runButton: 'run',
      aliases: ['limits'],
      args: limitArgs,
      ...commandText('limit'),
      roles: ['holder', 'agent'],
      output: 'personal',
      needs: 'account',
      handler: setOrShowLimit,
    }),
  ];
}

/** `/limit`: shows the limits, turns one or all off, or sets one onto the limit as it is now. */
async function setOrShowLimit(ctx: CommandContext<LimitArgs>): Promise<Reply> {
  const { t, fmt } = ctx;
  const base = await subscriptionOf(ctx);
  const store = ctx.stores.guard.limits;
  const existing = await store.get(base.id);
  const a = ctx.args;
  if (a.op === 'show')
    return existing ? showLimits(ctx, existing) : { text: t.limitNone, visibility: 'personal' };
  if (a.op === 'off') {
    if (!existing || (a.kind && !existing[a.kind])) return { text: t.limitOffNone, tone: 'warning' };
    if (!a.kind) {
      await store.delete(base.id);
      return { text: t.limitOff, tone: 'success' };
    }
    // Field by field, onto the limit as it is now (docs/reliability.md §8).
    const kind = a.kind;
    await store.update(base.id, (cur) => {
      if (!cur) return cur;
      const { [kind]: _gone, ...rest } = cur;
      return rest;
    });
    return { text: t.limitOffOne(t.limitKinds[a.kind] ?? a.kind), tone: 'success' };
  }
  const { client } = await ctx.account();
  const { account } = await client.onlinecallthrough();
  const currency = account.balance.currency;
  const amount = inCurrency(a.amount, currency);
  let passed: Record<string, number> = {};
  if (a.kind !== 'price') {
    // Already past a level when set: that crossing is not news; the next level alerts.
    const { spent, key } = await periodSpend({ client }, a.kind, ctx.now, fmt.timeZone, currency);
    passed = { [key]: levelOf(percentOf(spent, amount)) };
  }
  // Onto the limit as it is now: a sweep's levels written meanwhile are kept (docs/reliability.md §8).
  const limit = (await store.update(base.id, (cur) => ({
    ...(cur ?? {}),
    ...base,
    timeZone: fmt.timeZone,
    [a.kind]: amount,
    alerted: { ...cur?.alerted, ...passed },
  })))!;
  const kind = t.limitKinds[a.kind] ?? a.kind;
  const shown = a.kind === 'price' ? t.limitPerMinute(fmt.price(amount)) : fmt.money(amount);
  const reply = await showLimits(ctx, limit);
  return { ...reply, text: `${t.limitSet(kind, shown)}\n${t.limitNote}`, tone: 'success' };
}
