import { z } from 'zod';
import { hasCode } from '../../telephony/errors.js';
import { phoneArg, positional } from '../args.js';
import { defineCommand } from '../command-spec.js';
import { audited } from './audited.js';

/** `/call` and `/hangup`: the web callback of spec 4.10 / 4.11 (D4). */
export function callCommands() {
  return [
    defineCommand({
      name: 'call',
      aliases: ['callback', 'dial'],
      args: positional(['A', 'B'], [phoneArg('A'), phoneArg('B')]),
      summary: () => 'Start a web callback: ring A, then connect B',
      usage: '/call <A> <B>',
      example: '/call +49 30 1234567 +49 176 1234567',
      roles: ['holder', 'agent'],
      needs: 'account',
      changesState: true,
      async handler(ctx) {
        const { t } = ctx;
        const { client, username } = await ctx.account();
        const [a, b] = [ctx.args[0]!, ctx.args[1]!];
        // Never retried (provider-notes §3): a resend would ring both phones again.
        const call = await audited(
          ctx,
          {
            command: 'call',
            account: username,
            target: b,
            check: '/cdrs',
            unknownText: t.callOutcomeUnknown(b),
          },
          () => client.trycallback({ aNumber: `+${a}`, bNumber: `+${b}` }),
          (c) => c.callId,
        );
        await ctx.stores.settings.updateUser(ctx.identityKey, { lastCallId: call.callId });
        const hangupId = await ctx.pending('hangup', 'hangup', [call.callId]);
        return {
          text: t.callStarted(a, b),
          fields: [{ label: t.fieldCallId, value: call.callId, code: true }],
          actions: [{ label: t.hangupButton, actionId: `h:${hangupId}`, style: 'danger' }],
          tone: 'success',
          auditNote: `call ${a} → ${b}`,
        };
      },
    }),
    defineCommand({
      name: 'hangup',
      aliases: ['stop'],
      args: z
        .array(z.string().regex(/^[\w-]{1,64}$/, 'a call id has letters, digits and dashes only'))
        .max(1, 'give at most one call id'),
      summary: () => 'Stop your last call, or the call with this id',
      usage: '/hangup [callId]',
      example: '/hangup',
      roles: ['holder', 'agent'],
      needs: 'account',
      changesState: true,
      async handler(ctx) {
        const { t } = ctx;
        const { client, username } = await ctx.account();
        const settings = await ctx.stores.settings.user(ctx.identityKey);
        const callId = ctx.args[0] ?? settings.lastCallId;
        if (!callId) return { text: t.hangupNoCall, tone: 'warning' };
        const forget = async () => {
          if (settings.lastCallId === callId)
            await ctx.stores.settings.updateUser(ctx.identityKey, { lastCallId: undefined });
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
        return { text: t.hangupDone, tone: 'success', auditNote: `hangup ${callId}` };
      },
    }),
  ];
}
