import type { Money } from '../../telephony/money.js';
import { encodeButton } from '../buttons.js';
import { inCurrency, levelOf, percentOf } from '../guard/amounts.js';
import { periodSpend, spentText } from '../guard/spend-period.js';
import { messagesFor } from '../messages.js';
import type { SpendLimit } from '../ports/guard.js';
import type { Reply } from '../reply.js';
import { createFormatter } from '../values/format.js';
import { clientFor, type ProactiveContext } from './context.js';
import { sweepEach } from './sweep-each.js';

/** How long a level's once-only claim is kept: longer than any month. */
const LEVEL_CLAIM_TTL_MS = 40 * 86_400_000;

export interface LimitSweepResult {
  checked: number;
  alerted: number;
  failed: number;
}

/**
 * One pass over every spend limit (README "Money guard"): today's and this month's spend from the
 * call records in the limit's zone; each level (50, 80, 100 %) alerts once per crossing, claimed
 * across instances, and a new day or month starts again from nothing.
 */
export async function sweepLimits(ctx: ProactiveContext): Promise<LimitSweepResult> {
  const result: LimitSweepResult = { checked: 0, alerted: 0, failed: 0 };
  await sweepEach(ctx, ctx.stores.guard.limits.list(), {
    what: 'limit',
    skip: (limit) => Boolean(limit.paused || (!limit.daily && !limit.monthly)),
    check: (limit) => checkLimit(ctx, limit, result),
    failed: () => {
      result.failed += 1;
    },
  });
  return result;
}

async function checkLimit(ctx: ProactiveContext, limit: SpendLimit, result: LimitSweepResult): Promise<void> {
  const client = await clientFor(ctx, limit);
  if (!client) {
    await ctx.stores.guard.limits.delete(limit.id);
    return;
  }
  const now = ctx.clock();
  let alerted = { ...limit.alerted };
  let paused: SpendLimit['paused'];
  for (const period of ['daily', 'monthly'] as const) {
    const max = limit[period];
    if (!max) continue;
    const read = await periodSpend({ client }, period, now, limit.timeZone, max.currency);
    const { spent, key } = read;
    result.checked += 1;
    const percent = percentOf(spent, inCurrency(max, spent.currency));
    const level = levelOf(percent);
    if (level <= (alerted[key] ?? 0)) continue;
    const claim = `limit:${limit.id}:${key}:${level}`;
    if (await ctx.stores.proactive.claims.claim(claim, LEVEL_CLAIM_TTL_MS)) {
      const { full, publicVersion } = limitReplies(limit, period, read, max, percent, level);
      const sent = await ctx.outbox.deliver(limit.destination, limit.setBy, full, publicVersion);
      if (sent.status === 'failed') {
        await ctx.stores.proactive.claims.release(claim);
        result.failed += 1;
        continue;
      }
      if (sent.status === 'refused') paused = { reason: sent.reason, at: now.toISOString() };
      else result.alerted += 1;
    }
    // Keys of this period only: an old day's levels are not needed again.
    const kept = Object.entries(alerted).filter(([k]) => !k.startsWith(key.split(':')[0]!));
    alerted = { ...Object.fromEntries(kept), [key]: level };
  }
  const fresh = (await ctx.stores.guard.limits.get(limit.id)) ?? limit;
  await ctx.stores.guard.limits.put({ ...fresh, alerted, ...(paused ? { paused } : {}) });
}

function limitReplies(
  limit: SpendLimit,
  period: 'daily' | 'monthly',
  read: { spent: Money; capped: boolean },
  max: Money,
  percent: number,
  level: number,
): { full: Reply; publicVersion: Reply } {
  const t = messagesFor(limit.locale);
  const fmt = createFormatter(limit.locale ?? 'en');
  const kind = t.limitKinds[period] ?? period;
  const text = t.limitAlert(
    limit.label,
    kind,
    spentText(t, fmt, read),
    fmt.money(inCurrency(max, read.spent.currency)),
    percent,
  );
  const full: Reply = {
    title: t.limitAlertTitle(level),
    text: level >= 100 ? `${text}\n${t.limitAlertReached}` : text,
    tone: 'warning',
    visibility: 'personal',
    actions: [{ label: t.limitButton, actionId: encodeButton({ kind: 'run', command: 'limit' }) }],
  };
  const publicVersion: Reply = {
    title: t.limitAlertTitle(level),
    text: t.limitAlertPublic(limit.label, kind, level),
    tone: 'warning',
  };
  return { full, publicVersion };
}
