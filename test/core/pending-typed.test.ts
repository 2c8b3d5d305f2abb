import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeButton, ticketFor } from '../../src/core/buttons.js';
import { decodeArgs, encodeArgs } from '../../src/core/dispatch/pending-args.js';
import {
  type ChatRef,
  type Core,
  createCore,
  defineCommand,
  type Identity,
  identityKey,
  type Reply,
} from '../../src/core/index.js';
import type { Stores } from '../../src/core/ports/stores.js';
import { createMemoryKeyValueStore, createStores, keyringFromKeys } from '../../src/store/index.js';
import { calendarDate, isCalendarDate } from '../../src/telephony/dates.js';
import type { Money } from '../../src/telephony/money.js';
import { isPhoneNumber, normalizePhoneNumber, type PhoneNumber } from '../../src/telephony/phone.js';
import { actionOf } from './core-harness.js';

/**
 * A pending confirmation keeps its arguments as the command's own parse made them (docs/interface.md
 * §2.1): Confirm runs on those values, never parsing the typed text again; an action an older
 * version wrote (tokens only) is refused in words, and the tokens stay where an older version reads them.
 */

interface HoldArgs {
  to: PhoneNumber;
  day: ReturnType<typeof calendarDate>;
  amount: Money;
}

let parses = 0;
let ran: HoldArgs[] = [];
const hold = defineCommand<HoldArgs>({
  name: 'hold',
  args: z.array(z.string()).transform((tokens, ctx) => {
    parses++;
    const to = normalizePhoneNumber(tokens[0] ?? '');
    if (!to.ok) {
      ctx.addIssue({ code: 'custom', message: to.fix });
      return z.NEVER;
    }
    return {
      to: to.value,
      day: calendarDate(2026, 11, 28),
      amount: { minor: 1840, scale: 2, currency: 'EUR' },
    };
  }),
  summary: () => 'Hold a number',
  usage: () => '/hold <number>',
  example: () => '/hold +49 30 1234567',
  roles: ['holder'],
  output: 'personal',
  needs: 'none',
  confirm: () => 'Hold it?',
  async handler(ctx) {
    ran.push(ctx.args);
    return { text: `held ${ctx.args.to.digits}` };
  },
});

const alice: Identity = { platform: 'console', tenant: '', user: 'alice' };
const chat: ChatRef = { id: 'dm', kind: 'private' };
let core: Core;
let stores: Stores;

beforeEach(() => {
  parses = 0;
  ran = [];
  stores = createStores({ kv: createMemoryKeyValueStore(), keyring: keyringFromKeys(randomBytes(32)) });
  core = createCore({
    stores,
    clientFactory: () => {
      throw new Error('no provider');
    },
    commands: [hold],
    rateLimit: false,
  });
});

const press = (actionId: string) => core.handleAction({ identity: alice, chat, actionId });

describe('a pending confirmation keeps its arguments typed', () => {
  it('Confirm runs on the values the parse made, without parsing again', async () => {
    const replies: Reply[] = await core.handleText({ identity: alice, chat, text: '/hold +49 30 1234567' });
    expect(parses).toBe(1);
    const outcome = await press(actionOf(replies, 'Confirm'));
    expect(JSON.stringify(outcome)).toContain('held 49301234567');
    expect(parses).toBe(1);
    const [args] = ran;
    expect(isPhoneNumber(args?.to)).toBe(true);
    expect(isCalendarDate(args?.day)).toBe(true);
    expect(args?.amount).toEqual({ minor: 1840, scale: 2, currency: 'EUR' });
  });

  it('an action an older version wrote (tokens only) is refused in words, and nothing runs', async () => {
    const now = new Date();
    const action = {
      id: 'old1',
      kind: 'confirm' as const,
      command: 'hold',
      args: ['+49 30 1234567'],
      owner: identityKey(alice),
      chatId: chat.id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 60_000).toISOString(),
    };
    await stores.pending.put(action);
    const outcome = await press(
      encodeButton({ kind: 'confirm', ticket: ticketFor(action, identityKey(alice)) }),
    );
    expect(outcome.notice).toBe('This confirmation has expired or was already used. Send the command again.');
    expect(ran).toEqual([]);
    expect(parses).toBe(0);
  });

  it('keeps the tokens beside them, where an older version reads them', async () => {
    const replies = await core.handleText({ identity: alice, chat, text: '/hold +49 30 1234567' });
    const id = actionOf(replies, 'Confirm').split(':')[1] ?? '';
    const kept = await stores.pending.get(id);
    expect(kept?.args).toEqual(['+49 30 1234567']);
    expect(kept?.typedArgs).toMatchObject({ to: { $phone: '49301234567' }, day: { $day: '2026-11-28' } });
  });
});

describe('the encoding of parsed arguments', () => {
  it('refuses a float: money is minor units, never rounded', () => {
    expect(() => encodeArgs({ amount: 18.4 })).toThrow(RangeError);
  });

  it('gives back the client’s own values, and nothing for a value its maker refuses', () => {
    const made = normalizePhoneNumber('+43 1 234567');
    const back = decodeArgs(encodeArgs([made.ok ? made.value : undefined, undefined, 'x']));
    const [phone, absent, text] = (back?.value ?? []) as unknown[];
    expect(isPhoneNumber(phone)).toBe(true);
    expect([absent, text]).toEqual([undefined, 'x']);
    expect(decodeArgs({ $day: '2026-02-30' })).toBeUndefined();
    expect(decodeArgs({ $phone: '12' })).toBeUndefined();
  });
});
