import { z } from 'zod';
import { fromDate } from '../../telephony/dates.js';
import { commandText, defineCommand } from '../command-spec.js';
import type { ArgsEnv } from '../values/args.js';
import { PERIOD_READ_LIMIT } from '../values/zone-days.js';

/**
 * One call record by a stable id (docs/channels.md §2.3). The provider gives a record no id of its
 * own (spec 2.7), so a call is named by what it keeps: its start to the second (UTC) and the number
 * dialled, `20261031T100100Z-4930123456`; the account is the linked one. Its read is the one UTC day
 * of the start (the API's narrowest window, api.md §4.9). Two calls to one number started in the
 * same second are one id: the first read answers.
 */
export interface CallRef {
  readonly start: Date;
  readonly number: string;
}

const REF = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-(\d{3,20})$/;

/** The id of a call record. */
export function callRefText(call: CallRef): string {
  const iso = call.start.toISOString();
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}Z-${call.number}`;
}

/** The call an id names, or undefined for anything else. */
export function parseCallRef(text: string): CallRef | undefined {
  const m = REF.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, number] = m as unknown as string[];
  const start = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  if (Number.isNaN(start.getTime()) || callRefText({ start, number: number! }) !== text.trim())
    return undefined;
  return { start, number: number! };
}

const callArgs = ({ t }: ArgsEnv) =>
  z.array(z.string()).transform((list, ctx): CallRef => {
    const ref = list.length === 1 ? parseCallRef(list[0]!) : undefined;
    if (ref) return ref;
    ctx.addIssue({ code: 'custom', message: t.vCallRef });
    return z.NEVER;
  });

const cdrCommand = defineCommand({
  name: 'cdr',
  helpGroup: 'calls',
  args: callArgs,
  roles: ['holder', 'agent'],
  output: 'personal',
  needs: 'account',
  ...commandText('cdr'),
  async handler(ctx) {
    const { t, fmt } = ctx;
    const { client, username } = await ctx.account();
    const want = ctx.args;
    const day = fromDate(want.start);
    const answer = await client.cdrs({ from: day, to: day, show: PERIOD_READ_LIMIT });
    const currency = answer.account?.currency ?? '';
    const call = answer.records.find(
      (r) => r.start.getTime() === want.start.getTime() && r.number === want.number,
    );
    if (!call) return { text: t.cdrNotFound, tone: 'warning', visibility: 'personal' };
    return {
      title: t.cdrTitle,
      fields: [
        { label: t.colDate, value: fmt.dateTime(call.start) },
        { label: t.colNumber, value: call.number },
        { label: t.colDestination, value: call.destination },
        { label: t.colDuration, value: fmt.duration(call.durationSeconds) },
        { label: t.colAmount, value: fmt.money(call.amount, currency), money: call.amount },
      ],
      visibility: 'personal',
      subject: { kind: 'call', account: username, ref: callRefText(call) },
    };
  },
});

/** `/cdr <id>`: one call record, the panel of its Work Object. */
export function cdrCallCommands() {
  return [cdrCommand];
}
