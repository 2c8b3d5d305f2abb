import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { md5Hex } from '../../../src/telephony/signature.js';
import { type ConsoleHarness, startConsole } from './console-harness.js';

/**
 * End to end (docs/interface.md §4.3): console channel on streams → real core → real client → sandbox over HTTP.
 * Each command is checked on the text the console prints.
 */

let h: ConsoleHarness;

beforeEach(async () => {
  h = await startConsole();
});

afterEach(async () => {
  await h.close();
});

describe('welcome and help', () => {
  it('/start greets the user by name and names the active account', async () => {
    const out = await h.say('/start');
    expect(out).toContain('Hello Alice!');
    expect(out).toContain('You are linked as "demo"');
  });

  it('/help lists every visible command the user may run here, and no hidden one', async () => {
    const out = await h.say('/help');
    expect(out).toContain('== Commands ==');
    // A group setting and the support log are not for a private console (docs/privacy.md §1.4).
    const elsewhere = ['groupdata', 'audit'];
    for (const c of h.stack.core.commands.filter((c) => !c.hidden && !elsewhere.includes(c.name)))
      expect(out).toContain(c.usage);
    for (const name of elsewhere) expect(out).not.toContain(`/${name}`);
    expect(out).not.toMatch(/^\/start\b/m);
    expect(out).toContain('Send /help <command> for details');
  });

  it('/help <cmd> shows usage, example, confirmation and privacy notes', async () => {
    const out = await h.say('/help topup');
    expect(out).toContain('== /topup ==');
    expect(out).toContain('Usage: /topup <PIN>');
    expect(out).toContain('Example: /topup 12345678');
    expect(out).toContain('Only in a private chat.');
    expect(out).toContain('Asks for confirmation first.');
    expect(await h.say('/help /recharge')).toContain('== /topup ==');
    expect(await h.say('/help nosuch')).toContain('There is no command "nosuch"');
  });

  it('plain text that is not a command gets a pointer to /help', async () => {
    expect(await h.say('hello')).toContain('I don\'t know the command "hello"');
  });
});

describe('linking', () => {
  beforeEach(async () => {
    await h.close();
    h = await startConsole({ link: false });
  });

  it('/balance before linking says how to link, and asks nothing of the provider', async () => {
    const out = await h.say('/balance');
    expect(out).toContain('You have not linked an account yet. Send /link');
    expect(h.stack.sandbox.stats().received).toEqual({});
  });

  it('links with a username then a password, and stores only the md5', async () => {
    expect(await h.say('/link')).toContain('Send me your username');
    expect(await h.say('swiss')).toContain('Now send the password for "swiss"');
    const out = await h.say('swiss');
    // The console cannot delete what was typed: nothing claims it did (docs/architecture.md §8.3.3).
    expect(out).not.toMatch(/delete/i);
    expect(out).toContain('Linked "swiss" and made it your active account.');
    const record = await h.stack.stores.credentials.get(h.key);
    expect(record?.credentials).toEqual([
      expect.objectContaining({ kind: 'account', username: 'swiss', md5: md5Hex('swiss') }),
    ]);
    // Only these fields: no password field of any name.
    expect(Object.keys(record!.credentials[0]!).sort()).toEqual([
      'kind',
      'label',
      'linkedAt',
      'md5',
      'username',
    ]);
    expect(await h.say('/balance')).toMatch(/Balance:\s+CHF\s?42\.00/);
  });

  it('refuses a wrong password and stores nothing', async () => {
    await h.say('/link');
    await h.say('demo');
    const out = await h.say('not-the-password');
    expect(out).toContain('The provider refused that username and password.');
    expect(await h.stack.stores.credentials.get(h.key)).toBeUndefined();
    expect(await h.say('/accounts')).toContain('No accounts linked yet.');
  });

  it('/link card links the PIN-creation account; /cancel stops a conversation', async () => {
    await h.say('/link card');
    await h.say('cards');
    expect(await h.say('cards')).toContain('Linked the card account "card-cards"');
    expect(await h.say('/card show +4917012345678')).toContain('Max Mustermann');
    await h.say('/link');
    expect(await h.say('/cancel')).toContain('Linking cancelled. Nothing was stored.');
    expect(await h.say('/cancel')).toContain('There is nothing to cancel.');
  });
});

describe('several accounts', () => {
  it('/accounts, /use and /unlink', async () => {
    await h.say('/link');
    await h.say('callshop');
    await h.say('callshop');
    const list = await h.say('/accounts');
    expect(list).toMatch(/demo\s+account\s+demo\s*\n/);
    expect(list).toMatch(/callshop\s+account\s+callshop\s+active/);
    expect(list).toMatch(/demo-cards\s+card\s+cards/);
    expect(await h.say('/use demo')).toContain('"demo" is now your active account.');
    expect(await h.say('/balance')).toContain('Demo Customer');
    expect(await h.say('/use nosuch')).toContain('You have no linked account called "nosuch"');
    expect(await h.say('/unlink callshop')).toContain(
      'Unlinked "callshop". Its stored credentials are deleted.',
    );
    expect(await h.say('/accounts')).not.toContain('callshop');
    expect(await h.say('/unlink')).toContain('Unlinked "demo"');
    expect(await h.say('/balance')).toContain('You have not linked an account yet.');
  });
});

describe('account data', () => {
  it('/balance shows the balance in the account currency and the account details', async () => {
    const out = await h.say('/balance');
    expect(out).toContain('== Balance ==');
    expect(out).toMatch(/Balance:\s+€18\.40/);
    expect(out).toMatch(/Customer:\s+Demo Customer/);
    expect(out).toMatch(/Customer no\.:\s+100001/);
    expect(out).toMatch(/Account no\.:\s+200001/);
    expect(out).toMatch(/Account name:\s+Demo Prepaid/);
  });

  it('/rate takes several numbers, including one typed with spaces', async () => {
    const out = await h.say('/rate +49 30 1234567 0043 1 234567 +4917012345');
    expect(out).toContain('== Rates per minute ==');
    expect(out).toMatch(/\+49301234567\s+Germany Berlin\s+\S+\s+€0\.015/);
    expect(out).toMatch(/\+431234567\s+Austria Fixed\s+\S+\s+€0\.025/);
    expect(out).toMatch(/\+4917012345\s+Germany Mobile\s+\S+\s+€0\.089/);
  });

  it('/check splits country code and number', async () => {
    const out = await h.say('/check +43 1 234567');
    expect(out).toMatch(/Number:\s+\+431234567/);
    expect(out).toMatch(/Destination:\s+Austria Fixed/);
    expect(out).toMatch(/Country code:\s+43\n/);
    expect(out).toMatch(/Subscriber part:\s+1234567/);
  });

  it('/numbers groups dial-in and callback numbers by country', async () => {
    const out = await h.say('/numbers');
    expect(out).toMatch(/Personal dial-in:\s+\+4930120012300/);
    expect(out).toMatch(/DE\s+\+4930120012345\s+\+498001234567\s+\+4930120012399/);
    expect(out).toMatch(/AT\s+\+4312001234/);
    expect(out).toMatch(/Stored A:\s+not set/);
  });

  it('/target asks for confirmation; typing its number stores the pair', async () => {
    const ask = await h.say('/target +49 170 1234567 +43 1 234567');
    expect(ask).toContain('Store the callthrough pair A = +491701234567, B = +431234567?');
    expect(ask).toContain('[1] Confirm');
    expect(ask).toContain('[2] Cancel');
    expect(h.stack.sandbox.stats().received['onlinecallthrough.store']).toBeUndefined();
    const done = await h.say('1');
    expect(done).toContain(
      'Stored: calls from +491701234567 to your dial-in number now connect to +431234567.',
    );
    expect(h.stack.sandbox.stats().handled['onlinecallthrough.store']).toBe(1);
    expect(await h.say('/numbers')).toMatch(/Stored A:\s+\+491701234567\n.*Stored B:\s+\+431234567/s);
  });

  it('/target cancelled changes nothing', async () => {
    await h.say('/target +49 170 1234567 +43 1 234567');
    expect(await h.say('2')).toContain('Cancelled. Nothing was changed.');
    expect(h.stack.sandbox.stats().received['onlinecallthrough.store']).toBeUndefined();
  });
});

describe('calls', () => {
  it('/call starts a callback and offers Hang up, which stops it', async () => {
    const out = await h.say('/call +49 30 1234567 +49 176 1234567');
    expect(out).toContain('Calling +49301234567 first, then connecting +491761234567.');
    expect(out).toMatch(/Call id:\s+\S+/);
    expect(out).toContain('[1] Hang up');
    expect(h.stack.sandbox.stats().activeCalls).toBe(1);
    expect(await h.say('1')).toContain('The call was stopped.');
    expect(h.stack.sandbox.stats().activeCalls).toBe(0);
  });

  it('/hangup stops the last call, then says there is none', async () => {
    await h.say('/call +49 30 1234567 +49 176 1234567');
    expect(await h.say('/hangup')).toContain('The call was stopped.');
    expect(await h.say('/hangup')).toContain('You have no call to stop. Give the call id');
  });

  it('/hangup <id> stops that call; an unknown id is explained', async () => {
    const out = await h.say('/call +49 30 1234567 +49 176 1234567');
    const id = /Call id:\s+(\S+)/.exec(out)![1]!;
    expect(await h.say(`/hangup ${id}`)).toContain('The call was stopped.');
    expect(await h.say(`/hangup ${id}`)).toContain('That call has already ended (or the id is unknown).');
    expect(await h.say('/hangup no-such-call')).toContain('That call has already ended');
  });
});
