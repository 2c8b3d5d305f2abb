import { z } from 'zod';
import { hasCode } from '../../telephony/errors.js';
import type { AccountEntry } from '../../telephony/wire.js';
import type { AccountClient } from '../accounts/services.js';
import { type CommandContext, commandText, defineCommand } from '../command-spec.js';
import { audited } from '../guard/audited.js';
import type { Reply } from '../reply.js';
import { noArgs, phoneArg, positional } from '../values/args.js';

const balanceCommand = defineCommand({
  name: 'balance',
  helpGroup: 'account',
  homeScreen: { tokens: [] },
  aliases: ['account', 'bal'],
  args: ({ t }) => noArgs(t, 'balance'),
  ...commandText('balance'),
  roles: ['holder', 'agent'],
  output: 'personal',
  needs: 'account',
  async handler(ctx) {
    const { t, fmt } = ctx;
    const { client, username } = await ctx.account();
    const { entries, dialIn } = await balanceReads(ctx, client, username);
    const acc = dialIn.account;
    const entry = entries.find((e) => e.accountNumber === acc.accountNumber) ?? entries[0];
    const fields = [
      { label: t.fieldBalance, value: fmt.money(acc.balance), money: acc.balance },
      { label: t.fieldCustomer, value: entry?.customerName || acc.username },
      { label: t.fieldCustomerNumber, value: acc.customerNumber, code: true },
      { label: t.fieldAccountNumber, value: acc.accountNumber, code: true },
      { label: t.fieldUsername, value: acc.username, code: true },
    ];
    if (entry?.accountName) fields.push({ label: t.fieldAccountName, value: entry.accountName });
    const others = entries.filter((e) => e !== entry);
    const reply: Reply = { title: t.balanceTitle, fields, visibility: 'personal' };
    if (others.length) {
      reply.table = {
        columns: [t.fieldAccountNumber, t.fieldAccountName, t.fieldBalance],
        rows: others.map((e) => [e.accountNumber, e.accountName, fmt.money(e.balance, acc.currency)]),
        align: ['left', 'left', 'right'],
        money: others.map((e) => [undefined, undefined, e.balance]),
      };
    }
    return reply;
  },
});

/**
 * spec 4.4 has the names, 2.1 (via onlinecallthrough) the balance and currency. The names only
 * label the answer, so they are remembered for a minute when the account is the customer's only
 * one (label-cache.ts); with other accounts, 4.4 also gives their balances, and is read fresh.
 */
async function balanceReads(ctx: CommandContext<unknown>, client: AccountClient['client'], username: string) {
  const key = `balance-names\n${ctx.identityKey}\n${username}`;
  const names = ctx.labels.get<AccountEntry[]>(key);
  if (names?.length === 1) return { entries: names, dialIn: await client.onlinecallthrough() };
  const [entries, dialIn] = await Promise.all([client.account(), client.onlinecallthrough()]);
  ctx.labels.set(key, entries);
  return { entries, dialIn };
}

const rateCommand = defineCommand({
  name: 'rate',
  helpGroup: 'account',
  aliases: ['rates', 'price'],
  args: ({ t }) => z.array(phoneArg(t, t.arg.number)).min(1, t.vRateMin).max(20, t.vRateMax),
  ...commandText('rate'),
  roles: ['holder', 'agent'],
  // The provider's public tariff for numbers the asker typed.
  output: 'echo',
  needs: 'account',
  async handler(ctx) {
    const { t, fmt } = ctx;
    const { client } = await ctx.account();
    try {
      const res = await client.rates({ numbers: ctx.args });
      const matched = new Set(res.rates.map((r) => r.number));
      const missing = ctx.args.map((n) => n.digits).filter((d) => !matched.has(d));
      // One number of decimals for the whole column (docs/language.md §3.2), up to 4: `€0.079`, `€0.100`.
      const prices = fmt.prices(
        res.rates.map((r) => r.price),
        res.currency,
      );
      return {
        title: t.ratesTitle,
        table: {
          columns: [t.colNumber, t.colDestination, t.colPrefix, t.colPrice],
          rows: res.rates.map((r, i) => [`+${r.number}`, r.destination, r.prefix, prices[i]!]),
          align: ['left', 'left', 'left', 'right'],
          money: res.rates.map((r) => [undefined, undefined, undefined, r.price]),
        },
        text: missing.length ? t.ratesSomeMissing(missing.map((d) => `+${d}`).join(', ')) : undefined,
      };
    } catch (err) {
      if (hasCode(err, 'TEL_NOT_FOUND')) return { text: t.ratesNoneMatched, tone: 'warning' };
      throw err;
    }
  },
});

const checkCommand = defineCommand({
  name: 'check',
  helpGroup: 'account',
  aliases: ['lookup'],
  args: ({ t }) => positional(t, [t.arg.number], [phoneArg(t, t.arg.number)]),
  ...commandText('check'),
  roles: ['holder', 'agent'],
  output: 'echo',
  needs: 'account',
  async handler(ctx) {
    const { t } = ctx;
    const { client } = await ctx.account();
    const number = ctx.args[0]!;
    const digits = number.digits;
    try {
      const r = await client.numberCheck({ number });
      return {
        title: t.checkTitle,
        fields: [
          { label: t.fieldNumber, value: `+${r.completeNumber || digits}`, code: true },
          { label: t.fieldDestination, value: r.name },
          { label: t.fieldPrefix, value: r.prefix, code: true },
          { label: t.fieldCountryCode, value: number.countryCode, code: true },
          { label: t.fieldSubscriber, value: r.number, code: true },
        ],
      };
    } catch (err) {
      if (hasCode(err, 'TEL_NOT_FOUND')) return { text: t.checkNoMatch, tone: 'warning' };
      throw err;
    }
  },
});

const numbersCommand = defineCommand({
  name: 'numbers',
  helpGroup: 'account',
  aliases: ['dialin'],
  args: ({ t }) => noArgs(t, 'numbers'),
  ...commandText('numbers'),
  roles: ['holder', 'agent'],
  // The personal dial-in number and the stored A/B pair are the asker's own.
  output: 'personal',
  needs: 'account',
  async handler(ctx) {
    const { t } = ctx;
    const { client } = await ctx.account();
    const d = await client.onlinecallthrough();
    const countries = [
      ...new Set([
        ...Object.keys(d.dialinGeo),
        ...Object.keys(d.dialinFree),
        ...Object.keys(d.callbackGeo),
        ...Object.keys(d.callbackFree),
      ]),
    ].sort();
    const plus = (n: string | undefined) => (n ? `+${n}` : '–');
    const fields = [
      { label: t.fieldTargetA, value: d.aNumber ? `+${d.aNumber}` : t.notSet, code: true },
      { label: t.fieldTargetB, value: d.bNumber ? `+${d.bNumber}` : t.notSet, code: true },
    ];
    if (d.personalDialIn)
      fields.unshift({ label: t.fieldPersonalDialIn, value: `+${d.personalDialIn}`, code: true });
    return {
      title: t.numbersTitle,
      text: countries.length ? undefined : t.numbersNone,
      table: countries.length
        ? {
            columns: [t.colCountry, t.colCallthrough, t.colTollFree, t.colCallback, t.colCallbackFree],
            rows: countries.map((c) => [
              c,
              plus(d.dialinGeo[c]),
              plus(d.dialinFree[c]),
              plus(d.callbackGeo[c]),
              plus(d.callbackFree[c]),
            ]),
          }
        : undefined,
      fields,
    };
  },
});

const targetCommand = defineCommand({
  name: 'target',
  helpGroup: 'calls',
  contactButton: { label: (t) => t.contactTarget, order: 2 },
  aliases: ['store'],
  args: ({ t }) => positional(t, [t.arg.a, t.arg.b], [phoneArg(t, t.arg.a), phoneArg(t, t.arg.b)]),
  ...commandText('target'),
  roles: ['holder', 'agent'],
  output: 'personal',
  changesState: true,
  needs: 'account',
  confirm: (ctx) => ctx.t.targetConfirm(ctx.args[0]!.digits, ctx.args[1]!.digits),
  async handler(ctx) {
    const { t } = ctx;
    const { client, username } = await ctx.account();
    const [a, b] = [ctx.args[0]!, ctx.args[1]!];
    // The pair is shown by /numbers, not /balance (docs/reliability.md §3.5).
    const d = await audited(
      ctx,
      { command: 'target', account: username, target: b.digits, check: '/numbers' },
      () => client.store({ aNumber: a, bNumber: b }),
    );
    return { text: t.targetDone(d.aNumber ?? a.digits, d.bNumber ?? b.digits), tone: 'success' };
  },
});

const linesCommand = defineCommand({
  name: 'lines',
  helpGroup: 'account',
  aliases: ['sip'],
  args: ({ t }) => noArgs(t, 'lines'),
  ...commandText('lines'),
  roles: ['holder', 'agent'],
  privateOnly: true,
  output: 'personal',
  needs: 'account',
  async handler(ctx) {
    const { t } = ctx;
    const { client } = await ctx.account();
    const v = await client.voiplist();
    if (!v.lines.length) return { text: t.linesNone, visibility: 'personal' };
    const replies: Reply[] = [
      {
        title: t.linesTitle,
        table: {
          columns: [t.colLine, t.colUser, t.colServer, t.colTransport],
          rows: v.lines.map((l) => [
            l.id,
            l.username,
            l.port ? `${l.host}:${l.port}` : l.host,
            [l.transports.tls && 'TLS', l.transports.tcp && 'TCP', l.transports.udp && 'UDP']
              .filter(Boolean)
              .join('/') || '–',
          ]),
        },
        visibility: 'personal',
      },
    ];
    // Passwords are secrets: a reply of their own, only ever delivered privately.
    replies.push({
      fields: v.lines.map((l) => ({
        label: t.fieldPassword(l.id),
        value: l.password.reveal(),
        code: true,
      })),
      visibility: 'secret',
    });
    return replies;
  },
});

/** Read commands on the account: `/balance`, `/rate`, `/check`, `/numbers`, `/target`, `/lines`. */
export function accountCommands() {
  return [balanceCommand, rateCommand, checkCommand, numbersCommand, targetCommand, linesCommand];
}
