import { z } from 'zod';
import { hasCode } from '../../telephony/errors.js';
import { type Money, parseMoney } from '../../telephony/money.js';
import { freeTextIssue } from '../../telephony/params.js';
import type { PhoneNumber } from '../../telephony/phone.js';
import type { Card } from '../../telephony/wire.js';
import type { CardClient } from '../accounts/services.js';
import { type CommandContext, commandText, defineCommand } from '../command-spec.js';
import { UserFacingError } from '../delivery/error-replies.js';
import { audited } from '../guard/audited.js';
import type { Messages } from '../messages.js';
import type { Reply } from '../reply.js';
import { type ArgsEnv, type Read, readPhone, readPin } from '../values/args.js';
import type { CardArgs } from './card-args.js';
import { cardCapArgs, cardLimit, cardUnblocked } from './card-cap.js';
import { cardGuard } from './card-guard.js';

const SUBS = ['show', 'create', 'block', 'unblock', 'disable', 'renumber', 'activate', 'limit'] as const;

type Sub = (typeof SUBS)[number];

/** The longest customer name the client sends (operations.ts `insert`). */
const MAX_CUSTOMER = 100;

/** The value `r` read, or the fix added as the issue. */
function valueOr<T>(r: Read<T>, ctx: z.RefinementCtx): T {
  if (r.ok) return r.value;
  ctx.addIssue({ code: 'custom', message: r.fix });
  return z.NEVER;
}

function number(t: Messages, text: string | undefined, what: string, ctx: z.RefinementCtx): PhoneNumber {
  if (text === undefined) {
    ctx.addIssue({ code: 'custom', message: t.vMissing(what) });
    return z.NEVER;
  }
  return valueOr(readPhone(t, what, text), ctx);
}

/** `/card <sub> …`: arguments checked per subcommand before any API call, the fixes in `t`'s words. */
const cardArgs = ({ t }: ArgsEnv) =>
  z.array(z.string()).transform((tokens, ctx): CardArgs => {
    const sub = tokens[0]?.toLowerCase() as Sub | undefined;
    if (!sub || !SUBS.includes(sub)) {
      ctx.addIssue({ code: 'custom', message: t.vCardSub(SUBS.join(', ')) });
      return z.NEVER;
    }
    const rest = tokens.slice(1);
    const count = (min: number, max: number) => {
      if (rest.length < min || rest.length > max) {
        ctx.addIssue({ code: 'custom', message: t.vCardCount(t.cardUsage[sub]) });
        return false;
      }
      return true;
    };
    const cli = () => number(t, rest[0], t.arg.cardNumber, ctx);
    switch (sub) {
      case 'show':
      case 'block':
      case 'unblock':
      case 'disable':
        if (!count(1, 1)) return z.NEVER;
        return { sub, cli: cli() };
      case 'renumber':
        if (!count(2, 2)) return z.NEVER;
        return { sub, cli: cli(), newCli: number(t, rest[1], t.arg.newNumber, ctx) };
      case 'activate': {
        if (!count(2, 2)) return z.NEVER;
        const pin = valueOr(readPin(t, rest[1]!), ctx);
        return { sub, cli: cli(), pin };
      }
      case 'create':
        if (!count(1, Number.POSITIVE_INFINITY)) return z.NEVER;
        return createArgs(t, cli(), rest.slice(1), ctx);
      case 'limit':
        if (!count(1, 2)) return z.NEVER;
        return cardCapArgs(t, cli(), rest[1], ctx);
    }
  });

/** `create <number> [amount] [customer…]`: the amount as `Money`, which the client takes as it is. */
function createArgs(t: Messages, cli: PhoneNumber, rest: string[], ctx: z.RefinementCtx): CardArgs {
  let amount: Money | undefined;
  let nameStart = 0;
  if (rest[0] !== undefined && /^\d+([.,]\d{1,2})?$/.test(rest[0])) {
    amount = parseMoney(rest[0], 'EUR');
    if (!amount || amount.minor > 100_000_00) {
      ctx.addIssue({ code: 'custom', message: t.vCardAmount });
      return z.NEVER;
    }
    nameStart = 1;
  }
  const customer = rest.slice(nameStart).join(' ') || undefined;
  // The provider stores it as `Kunde` (spec 4.1): plain text, bounded, refused rather than cut.
  const issue = customer === undefined ? undefined : freeTextIssue(customer, MAX_CUSTOMER);
  if (issue) {
    ctx.addIssue({ code: 'custom', message: t.vCustomer[issue] });
    return z.NEVER;
  }
  return { sub: 'create', cli, amount, customer };
}

/** The provider operation of each subcommand, with its name for the reply's verb (spec 3.1). */
async function cardOperation(
  client: CardClient['client'],
  a: Exclude<CardArgs, { sub: 'limit' }>,
): Promise<{ card: Card; op: string }> {
  switch (a.sub) {
    case 'show':
      return { card: await client.show({ cli: a.cli }), op: 'show' };
    case 'create':
      return {
        card: await client.insert({ cli: a.cli, amount: a.amount, customer: a.customer }),
        op: 'insert',
      };
    case 'block':
      return { card: await client.blockcard({ cli: a.cli }), op: 'blockcard' };
    case 'unblock':
      return { card: await client.unblockcard({ cli: a.cli }), op: 'unblockcard' };
    case 'disable':
      return {
        card: await client.disableCliByNumber({ cli: a.cli }),
        op: 'disableCliByNumber',
      };
    case 'renumber':
      return {
        card: await client.changeCliByNumber({ cli: a.cli, newCli: a.newCli }),
        op: 'changeCliByNumber',
      };
    case 'activate':
      return {
        card: await client.activateMyCard({ cli: a.cli, pin: a.pin }),
        op: 'activateMyCard',
      };
  }
}

const cardCommand = defineCommand<CardArgs>({
  name: 'card',
  helpGroup: 'cards',
  aliases: ['cards'],
  args: cardArgs,
  ...commandText('card'),
  roles: ['holder', 'agent'],
  output: 'personal',
  changesState: true,
  // `activate <number> <PIN>`: the PIN works for whoever enters it first.
  secretArgs: (tokens) => tokens[0]?.toLowerCase() === 'activate' && tokens.length > 2,
  confirmStyle: 'danger',
  target: (args) => args.cli.digits,
  needs: 'card',
  // What moves money (create charges the account), cuts service (block, disable, renumber) or lifts a
  // block (unblock: a card its cap blocked works again at once) asks; test/core/confirmations.test.ts
  // checks this list against what really asks.
  confirmSubcommands: ['create', 'block', 'unblock', 'disable', 'renumber'],
  guarded: cardGuard,
  confirm(ctx) {
    const a = ctx.args;
    if (a.sub === 'create')
      return a.amount
        ? ctx.t.cardConfirmCreate(a.cli.digits, ctx.fmt.money(a.amount))
        : ctx.t.cardConfirmCreateNoAmount(a.cli.digits);
    if (a.sub === 'block') return ctx.t.cardConfirmBlock(a.cli.digits);
    // A card blocked by its cap (or by anyone) works again at once: asked first (docs/money-guard.md §1, §2).
    if (a.sub === 'unblock') return ctx.t.cardConfirmUnblock(a.cli.digits);
    if (a.sub === 'disable') return ctx.t.cardConfirmDisable(a.cli.digits);
    if (a.sub === 'renumber') return ctx.t.cardConfirmRenumber(a.cli.digits, a.newCli.digits);
    return undefined;
  },
  async handler(ctx) {
    const a = ctx.args;
    if (a.sub === 'activate' && ctx.chat.kind === 'shared' && !ctx.inputIsPrivate) {
      // The PIN was typed where others can read it: refuse; the core deletes the message.
      return { text: ctx.t.privateOnly('card activate'), tone: 'error' };
    }
    if (a.sub === 'limit') return cardLimit(ctx, a);
    const { client, username } = await ctx.card();
    const run = () => cardOperation(client, a);
    let result: { card: Card; op: string };
    try {
      // `show` changes nothing, so it is not audited.
      result =
        a.sub === 'show'
          ? await run()
          : await audited(
              ctx,
              {
                command: `card ${a.sub}`,
                account: username,
                target: a.cli.digits,
                // After a renumbering the card answers under its new number, if it happened.
                check: `/card show +${(a.sub === 'renumber' ? a.newCli : a.cli).digits}`,
              },
              run,
            );
    } catch (err) {
      if (hasCode(err, 'TEL_FORBIDDEN')) {
        const state = await client
          .show({ cli: a.cli })
          .then((c) => c.state)
          .catch(() => undefined);
        if (state) throw new UserFacingError(ctx.t.errCardTransition(ctx.t.cardStates[state] ?? state));
      }
      throw err;
    }
    // Applied: a store failure now (a Redis outage) must not turn "unblocked" into "I did not do that".
    if (a.sub === 'unblock') await cardUnblocked(ctx, result.card).catch(() => undefined);
    // The linked account the card is reached through (not the card module's login): its Work Object link's.
    const account = await ctx
      .account()
      .then((c) => c.username)
      .catch(() => undefined);
    return cardReplies(ctx, result.card, result.op, a.sub, account);
  },
});

/** The spec 3.1 card lifecycle, signed with the PIN-creation account (D2). */
export function cardCommands() {
  return [cardCommand];
}

function cardReplies(
  ctx: CommandContext<CardArgs>,
  card: Card,
  op: string,
  sub: string,
  account: string | undefined,
): Reply[] {
  const { t, fmt } = ctx;
  const verb = t.cardVerbs[op];
  const main: Reply = {
    title: t.cardTitle(card.cli),
    text: verb ? t.cardDone(verb, card.cli) : undefined,
    fields: [
      { label: t.fieldState, value: t.cardStates[card.state] ?? card.state },
      { label: t.fieldAmount, value: fmt.money(card.amount), money: card.amount },
      { label: t.fieldAmountAll, value: fmt.money(card.amountAll), money: card.amountAll },
      { label: t.fieldSerial, value: card.serial, code: true },
      { label: t.fieldCustomer, value: card.customer },
    ],
    tone: verb ? 'success' : 'info',
    visibility: 'personal',
    ...(account ? { subject: { kind: 'card' as const, account, ref: card.cli } } : {}),
  };
  const pin = card.pin.reveal();
  // PINs go only to the acting user, privately (docs/privacy.md §3.1): a reply of their own.
  if (!pin || (sub !== 'create' && sub !== 'show')) return [main];
  return [main, { fields: [{ label: t.fieldPin, value: pin, code: true }], visibility: 'secret' }];
}
