import { z } from 'zod';
import { fromDate } from '../../telephony/dates.js';
import { hasCode } from '../../telephony/errors.js';
import { phoneArg, positional } from '../args.js';
import { type CommandContext, commandText, defineCommand } from '../command-spec.js';
import { callGuard } from '../guard/call-guard.js';
import { CALL_REPORT_TIMING, CALL_TRACK_PREFIX, callHungUp } from '../proactive/call-report.js';
import { subscriptionOf } from './alert.js';
import { audited } from './audited.js';

/** Stores the pending report of a call just placed; the card's `track` key finds it again. */
async function watchCall(ctx: CommandContext<unknown>, callId: string, a: string, b: string): Promise<void> {
  const base = await subscriptionOf(ctx);
  const placed = ctx.now.getTime();
  const at = (ms: number) => new Date(placed + ms).toISOString();
  await ctx.stores.proactive.callReports.put({
    ...base,
    id: callId,
    destination:
      ctx.chat.kind === 'shared'
        ? { ...base.setBy, kind: 'chat', chatId: ctx.chat.id }
        : { ...base.setBy, kind: 'user' },
    ...(ctx.chat.kind === 'shared' ? { sharedChat: ctx.chatKey } : {}),
    callId,
    aNumber: a,
    bNumber: b,
    placedAt: ctx.now.toISOString(),
    nextCheckAt: at(CALL_REPORT_TIMING.firstCheckMs),
    checks: 0,
    giveUpAt: at(CALL_REPORT_TIMING.giveUpAfterMs),
  });
}

const callCommand = defineCommand({
  name: 'call',
  aliases: ['callback', 'dial'],
  args: ({ t }) => positional(t, [t.arg.a, t.arg.b], [phoneArg(t, t.arg.a), phoneArg(t, t.arg.b)]),
  ...commandText('call'),
  roles: ['holder', 'agent'],
  output: 'personal',
  changesState: true,
  needs: 'account',
  // Spend limits and the price ceiling refuse before anything is sent (README "Money guard").
  guarded: callGuard,
  async handler(ctx) {
    const { t } = ctx;
    const { client, username } = await ctx.account();
    const [aNumber, bNumber] = [ctx.args[0]!, ctx.args[1]!];
    const [a, b] = [aNumber.digits, bNumber.digits];
    // Never retried (provider-notes §3): a resend would ring both phones again.
    const call = await audited(
      ctx,
      {
        command: 'call',
        account: username,
        target: b,
        check: '/cdrs',
        unknownText: t.callOutcomeUnknown(b),
        // No call id came back: /hangup then looks for the call in the records (issue 10).
        onUnknown: () =>
          ctx.stores.settings
            .updateUser(ctx.identityKey, {
              lastCallId: undefined,
              unknownCall: { a, b, at: ctx.now.toISOString() },
            })
            .then(() => undefined),
      },
      () => client.trycallback({ aNumber, bNumber }),
      (c) => c.callId,
    );
    // The call is ringing: the user must hear so even if the store fails now (a Redis outage), or
    // they would try again and ring both phones twice. The id is in the reply for /hangup <id>.
    await ctx.stores.settings
      .updateUser(ctx.identityKey, { lastCallId: call.callId, unknownCall: undefined })
      .catch(() => undefined);
    const hangupId = await ctx.pending('hangup', 'hangup', [call.callId]).catch(() => undefined);
    // The card reports how the call went once its record appears (issue 15 §2, D10). Like the
    // lines above, a store outage must not hide that the call is ringing.
    await watchCall(ctx, call.callId, a, b).catch(() => undefined);
    return {
      track: `${CALL_TRACK_PREFIX}${call.callId}`,
      text: t.callStarted(a, b),
      fields: [{ label: t.fieldCallId, value: call.callId, code: true }],
      actions: hangupId ? [{ label: t.hangupButton, actionId: `h:${hangupId}`, style: 'danger' }] : [],
      tone: 'success',
    };
  },
});

const hangupCommand = defineCommand({
  name: 'hangup',
  aliases: ['stop'],
  args: ({ t }) => z.array(z.string().regex(/^[\w-]{1,64}$/, t.vCallId)).max(1, t.vOneCallId),
  ...commandText('hangup'),
  roles: ['holder', 'agent'],
  output: 'personal',
  changesState: true,
  // The hang-up button stays usable for a long call.
  pendingTtlMs: 6 * 3600_000,
  needs: 'account',
  async handler(ctx) {
    const { t } = ctx;
    const { client, username } = await ctx.account();
    const settings = await ctx.stores.settings.user(ctx.identityKey);
    const callId = ctx.args[0] ?? settings.lastCallId;
    if (!callId && settings.unknownCall) {
      // The start's answer never came, so there is no id to stop (D4 needs it, and no read lists
      // active calls). The records show whether the call ended; otherwise say what still works.
      const { b, at } = settings.unknownCall;
      const since = fromDate(new Date(at));
      const records = await client.cdrs({ from: since, to: fromDate(ctx.now), show: 100 });
      const ended = records.records.some((r) => r.number.replace(/\D/g, '').endsWith(b.slice(-9)));
      if (ended) {
        await ctx.stores.settings.updateUser(ctx.identityKey, { unknownCall: undefined });
        return { text: t.hangupUnknownEnded(b), tone: 'warning' };
      }
      return { text: t.hangupUnknownNoId(b, ctx.fmt.dateTime(new Date(at))), tone: 'warning' };
    }
    if (!callId) return { text: t.hangupNoCall, tone: 'warning' };
    // Best effort: once the provider stopped the call, a store failure (an outage) must not turn
    // "stopped" into "not done" (the soak found it); a stale id only answers "already ended".
    const forget = async () => {
      if (settings.lastCallId === callId)
        await ctx.stores.settings
          .updateUser(ctx.identityKey, { lastCallId: undefined })
          .catch(() => undefined);
    };
    try {
      await audited(ctx, { command: 'hangup', account: username, target: callId, check: '/cdrs' }, () =>
        client.stopcallback({ callId }),
      );
    } catch (err) {
      if (!hasCode(err, 'TEL_NOT_FOUND')) throw err;
      await forget();
      return { text: t.hangupAlreadyEnded, tone: 'warning' };
    }
    await forget();
    await callHungUp(ctx, callId, ctx.now);
    return { text: t.hangupDone, tone: 'success' };
  },
});

/** `/call` and `/hangup`: the web callback of spec 4.10 / 4.11 (D4). */
export function callCommands() {
  return [callCommand, hangupCommand];
}
