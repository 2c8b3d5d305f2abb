import { Refusal } from './envelope.js';
import { parseAmount } from './money-format.js';
import type { OperationContext, OperationOutcome } from './operation-types.js';
import type { CardState } from './state-schema.js';
import { phone, required } from './validate.js';
import { cardBody } from './wire-bodies.js';

/**
 * The card module `mycard-v2` (spec 4.1) and its state machine (spec 3.1). A transition the table
 * does not list is refused with 403 and changes nothing (D7); an unknown CLI is 1001; a wrong PIN
 * on `activateMyCard` is 1200. Cards belong to the PIN-creation account that created them.
 */

type CardStateName = CardState['state'];

/** Spec 3.1 as data: the states each act may start from. */
const ALLOWED_FROM: Record<string, readonly CardStateName[]> = {
  blockcard: ['active'],
  unblockcard: ['blocked'],
  disableCliByNumber: ['active'],
  changeCliByNumber: ['active', 'blocked', 'disabled'],
  activateMyCard: ['active', 'blocked', 'disabled'],
};

function existing(ctx: OperationContext, cli: string): CardState {
  const card = ctx.state.card(ctx.account.username, cli);
  if (!card) throw new Refusal(1001, 'no card with this CLI');
  return card;
}

function checkTransition(act: string, card: CardState): void {
  if (!ALLOWED_FROM[act]?.includes(card.state)) {
    throw new Refusal(403, `${act} is not allowed on a ${card.state} card`);
  }
}

/** `realm` must name the PIN-creation account's realm (spec 4.1). */
function checkRealm(ctx: OperationContext): void {
  if (required(ctx.params, 'realm') !== ctx.account.realm) throw new Refusal(403, 'unknown realm');
}

const digitString = (random: () => number, length: number) =>
  Array.from({ length }, (_, i) =>
    String(Math.floor(random() * (i === 0 ? 9 : 10)) + (i === 0 ? 1 : 0)),
  ).join('');

/** Creates an active card with a new serial and an 8-digit numeric PIN. An existing CLI is refused (403). */
export function insert(ctx: OperationContext): OperationOutcome {
  const cli = phone(ctx.params, 'Telefon');
  const kunde = (ctx.params.get('Kunde') ?? '').trim();
  const amountText = (ctx.params.get('Amount') ?? '0').trim() || '0';
  // Requests use a decimal point (provider-notes 1.4); a comma is refused rather than guessed.
  const amount = /^\d{1,6}(?:\.\d{1,2})?$/.test(amountText) ? parseAmount(amountText) : undefined;
  if (amount === undefined)
    throw new Refusal(403, 'parameter Amount must be EUR with a decimal point, e.g. 5.00');
  const sendSms = ctx.params.get('sendSmsInfo') === '1';
  if (ctx.state.cliTaken(cli)) throw new Refusal(403, 'a card with this CLI exists');
  const card: CardState = {
    owner: ctx.account.username,
    cli,
    kunde: kunde === '' ? cli : kunde,
    amount,
    amountAll: amount,
    serial: ctx.state.nextSerial(),
    pin: digitString(ctx.random, 8),
    state: 'active',
  };
  ctx.state.addCard(card);
  ctx.state.changed();
  if (sendSms) {
    // The SMS carries the PIN, so only its length is logged.
    const text = ctx.params.get('smsinfo_message') ?? '';
    ctx.log(`sms to ${cli}: ${text === '' ? 'default template' : `${text.length} characters`}`);
  }
  return { body: cardBody(card) };
}

export function show(ctx: OperationContext): OperationOutcome {
  return { body: cardBody(existing(ctx, phone(ctx.params, 'Telefon'))) };
}

function transition(
  ctx: OperationContext,
  act: string,
  card: CardState,
  next: CardStateName,
): OperationOutcome {
  checkTransition(act, card);
  card.state = next;
  ctx.state.changed();
  return { body: cardBody(card) };
}

export function blockcard(ctx: OperationContext): OperationOutcome {
  return transition(ctx, 'blockcard', existing(ctx, phone(ctx.params, 'Telefon')), 'blocked');
}

export function unblockcard(ctx: OperationContext): OperationOutcome {
  return transition(ctx, 'unblockcard', existing(ctx, phone(ctx.params, 'Telefon')), 'active');
}

export function disableCliByNumber(ctx: OperationContext): OperationOutcome {
  checkRealm(ctx);
  return transition(ctx, 'disableCliByNumber', existing(ctx, phone(ctx.params, 'cli')), 'disabled');
}

/** Any state → active, with the new CLI; a new CLI that another card holds is refused (403). */
export function changeCliByNumber(ctx: OperationContext): OperationOutcome {
  checkRealm(ctx);
  const card = existing(ctx, phone(ctx.params, 'cli'));
  const newCli = phone(ctx.params, 'newCli');
  checkTransition('changeCliByNumber', card);
  if (newCli !== card.cli && ctx.state.cliTaken(newCli)) throw new Refusal(403, 'a card with newCli exists');
  card.cli = newCli;
  card.state = 'active';
  ctx.state.changed();
  return { body: cardBody(card) };
}

/** Any state → active when the PIN is the card's; otherwise 1200 and nothing changes. */
export function activateMyCard(ctx: OperationContext): OperationOutcome {
  checkRealm(ctx);
  const card = existing(ctx, phone(ctx.params, 'cli'));
  const pin = required(ctx.params, 'PIN');
  if (!/^\d+$/.test(pin) || pin !== card.pin) throw new Refusal(1200);
  return transition(ctx, 'activateMyCard', card, 'active');
}
