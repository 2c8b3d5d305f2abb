import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatRef } from '../../src/core/identity.js';
import { type CoreHarness, groupAsAdmin, startCore } from './core-harness.js';

/**
 * Bad input for every command (docs/interface.md §1.3): the reply names the fix, shows usage and an example, and
 * no request reaches the provider (the sandbox counts every request it receives).
 */

let h: CoreHarness;

beforeAll(async () => {
  h = await startCore();
});

afterAll(async () => {
  await h.close();
});

type Case = [command: string, line: string, fix: string | RegExp, chat?: ChatRef];

const cases: Case[] = [
  ['start', '/start a b', '/start takes no arguments'],
  ['menu', '/menu now', '/menu needs nothing after it; send just /menu.'],
  ['help', '/help call topup', 'Give one command name, e.g. /help call.'],
  ['link', '/link demo secret extra', 'Never type the password in the command'],
  ['cancel', '/cancel now', '/cancel needs nothing after it; send just /cancel.'],
  ['unlink', '/unlink a b', 'Give one account label, e.g. /unlink work (see /accounts).'],
  ['unlink', '/unlink bad/label', 'An account label is one word, e.g. work.'],
  ['accounts', '/accounts all', '/accounts needs nothing after it'],
  ['use', '/use', 'Give the label of the account to use, e.g. /use work (see /accounts).'],
  ['use', '/use a b', 'Give the label of the account to use'],
  ['balance', '/balance now', '/balance needs nothing after it; send just /balance.'],
  ['rate', '/rate', 'Give at least one number with its country code, e.g. /rate +49 30 1234567.'],
  [
    'rate',
    '/rate abc',
    'The number "abc" has characters a phone number cannot have; write it in international form',
  ],
  ['rate', '/rate 030 1234567', 'The number starts with a single 0, so it has no country code; write it'],
  ['rate', `/rate ${Array.from({ length: 21 }, (_, i) => `+4930123456${i % 10}`).join(' ')}`, 'at most 20'],
  ['check', '/check', 'Give the number (one value); you gave 0.'],
  ['check', '/check +49 30 1234567 +43 1 234567', 'Give the number (one value); you gave 2.'],
  ['check', '/check +49123', 'The number needs 6 to 15 digits including the country code'],
  ['numbers', '/numbers de', '/numbers needs nothing after it'],
  ['target', '/target +49 30 1234567', 'Give number A and number B (2 values); you gave 1.'],
  ['target', '/target +49 30 1234567 12ab34', 'Number B "12ab34" has characters'],
  ['lines', '/lines all', '/lines needs nothing after it'],
  ['call', '/call', 'Give number A and number B (2 values); you gave 0.'],
  ['call', '/call 030123456 +49 176 1234567', 'Number A starts with a single 0, so it has no country code'],
  ['call', '/call +49 30 1234567 +1234567890123456', 'Number B needs 6 to 15 digits'],
  ['hangup', '/hangup a b', 'Give at most one call id, e.g. /hangup 4f2a-17.'],
  ['hangup', '/hangup call#1', 'A call id has letters, digits and dashes only, e.g. /hangup 4f2a-17.'],
  // `/topup` alone asks for the PIN (test/core/navigation.test.ts).
  ['topup', '/topup 1234 5678 9', 'Give the PIN (one value); you gave 3.'],
  ['topup', '/topup 12ab5678', 'A PIN is 4 to 32 digits, e.g. 12345678.'],
  ['topup', '/topup 123', 'A PIN is 4 to 32 digits'],
  ['topup', '/topup 1234 5678', /Give the PIN \(one value\); you gave 2|A PIN/],
  ['cdrs', '/cdrs 2026-13-01', '"2026-13-01" is not a real date; use e.g. today, yesterday, 7d'],
  ['cdrs', '/cdrs 31.02.2026', '"31.02.2026" is not a real date'],
  [
    'cdrs',
    '/cdrs today 7d',
    'The start date is after the end date; swap them, e.g. /cdrs 01.11.2026 21.11.2026.',
  ],
  ['cdrs', '/cdrs 0', 'The number of records must be between 1 and 500, e.g. /cdrs 7d 50.'],
  ['cdr', '/cdr 2026-10-31', 'A call id is its start in UTC and the number, as its link names it'],
  ['cdr', '/cdr 20261331T100100Z-4930123456', 'e.g. /cdr 20261031T100100Z-4930123456'],
  ['cdrs', '/cdrs lastweek', '"lastweek" is neither a date nor a count'],
  ['cdrs', '/cdrs 7d today yesterday', 'Give at most two dates, from and to, e.g.'],
  ['callshop', '/callshop 9999d', '"9999d" is not a real date'],
  ['callshop', '/callshop soon', 'is neither a date nor a count'],
  ['card', '/card', 'Start with one of show, create, block'],
  ['card', '/card fly +4917012345678', 'Start with one of'],
  ['card', '/card show', 'That is not the right number of values for this; use /card show <number>.'],
  ['card', '/card block', 'That is not the right number of values for this; use /card block <number>.'],
  ['card', '/card unblock 1 2', 'use /card unblock <number>.'],
  ['card', '/card disable 0171234567', 'The card number starts with a single 0'],
  ['card', '/card create', 'use /card create <number> [amount] [customer name]'],
  ['card', '/card create +4917099999999 200000', 'The amount must be at most 100000.00, e.g.'],
  ['card', '/card renumber +4917012345678', 'use /card renumber <number> <new number>'],
  ['card', '/card renumber +4917012345678 x12', 'The new number "x12" has characters'],
  ['card', '/card activate +4917012345678 12a', 'A PIN is 4 to 32 digits'],
  ['groupdata', '/groupdata maybe', 'Say on or off', groupAsAdmin],
  ['groupdata', '/groupdata', 'Say on or off, e.g. /groupdata on.', groupAsAdmin],
  ['audit', '/audit many', 'Give how many entries, from 1 to 100, e.g. /audit 20.', groupAsAdmin],
  ['audit', '/audit 1 2', 'Give how many entries, from 1 to 100, e.g. /audit 20.', groupAsAdmin],
  ['language', '/language fr', 'Say en for English or de for German, e.g. /language de.'],
  ['language', '/language en de', 'Say en for English or de for German'],
  [
    'timezone',
    '/timezone Berlin',
    '"Berlin" is not a time zone I know. Did you mean /timezone Europe/Berlin?',
  ],
  ['timezone', '/timezone Mars/Olympus', 'is not a time zone I know. Use a name from the IANA list, e.g.'],
  ['alert', '/alert five', 'Give the threshold as an amount, e.g. 5 or 5,00 €, or off.'],
  ['alert', '/alert 5,123', 'Give the threshold as an amount'],
  ['alert', '/alert -5', 'Give the threshold as an amount'],
  ['spend', '/spend forever', 'Give a period such as 7d, 30d, 12w or 3m (at most a year).'],
  ['spend', '/spend 7d 30d', 'Give one period, e.g. /spend 30d.'],
  ['digest', '/digest daily', 'Say weekly or off, e.g. /digest weekly.'],
  ['limit', '/limit weekly 5', 'Say daily, monthly or price and an amount, e.g. /limit daily 5.00'],
  ['limit', '/limit price 0.123456', 'Say daily, monthly or price and an amount'],
  ['limit', '/limit daily -5', 'Say daily, monthly or price and an amount'],
  ['card', '/card limit +4917012345678 lots', 'Give the card number and the cap, e.g. /card limit'],
  [
    'approvals',
    '/approvals on everything',
    'Say on or off and what, e.g. /approvals on card block',
    groupAsAdmin,
  ],
  ['approvals', '/approvals approvers everyone', 'Say on or off and what', groupAsAdmin],
  ['team', '/team open', 'Send /team setup on its own', groupAsAdmin],
  ['assistants', '/assistants revoke everything', 'Use /assistants to list your assistants'],
  ['assistants', '/assistants connect', 'e.g. /assistants connect K7P2QX'],
];

describe('bad input', () => {
  it('has a case for every command of the table', () => {
    const covered = new Set(cases.map((c) => c[0]));
    expect(h.stack.core.commands.map((c) => c.name).filter((n) => !covered.has(n))).toEqual([]);
  });

  it.each(cases)('/%s: %s → names the fix, no API call', async (name, line, fix, chat) => {
    const before = h.stack.sandbox.stats().received;
    const { text, replies } = await h.send(line, { chat });
    if (typeof fix === 'string') expect(text).toContain(fix);
    else expect(text).toMatch(fix);
    const usage = h.stack.core.commands.find((c) => c.name === name)!.usage;
    expect(text).toContain(`Usage: ${usage}`);
    expect(text).toMatch(/\nExample: \/\S+/);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.tone).toBe('error');
    expect(h.stack.sandbox.stats().received).toEqual(before);
    expect(before).toEqual({});
  });
});

describe('unknown commands', () => {
  it.each([
    ['/balanse', 'balance'],
    ['/tpoup 1000000001', 'topup'],
    ['/RATES +4930123456', undefined],
    ['/hlep', 'help'],
    ['/crads', 'cards'],
  ])('%s suggests /%s', async (line, suggestion) => {
    const { text } = await h.send(line);
    if (suggestion) {
      expect(text).toContain(`Did you mean /${suggestion}?`);
      expect(text).toContain("I don't know the command");
    } else {
      // Names are case-insensitive: a known alias in capitals runs.
      expect(text).toContain('Germany Berlin');
    }
  });

  it('a command with no near name is refused with a pointer to /help, and no API call', async () => {
    const before = h.stack.sandbox.stats().received;
    const { text } = await h.send('/xyzzyplugh 1 2 3');
    expect(text).toBe('I don\'t know the command "xyzzyplugh". Send /help for the list.');
    expect(h.stack.sandbox.stats().received).toEqual(before);
  });
});
