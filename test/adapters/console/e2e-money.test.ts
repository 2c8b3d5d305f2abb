import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleHarness, startConsole } from './console-harness.js';

/** End to end through the console: top-up, call records, callshop records, SIP lines. */

let h: ConsoleHarness;
// The core's clock (natural dates); the sandbox and the client keep real time for signing.
const NOW = new Date('2026-11-13T12:00:00Z');

beforeEach(async () => {
  h = await startConsole({ clock: () => NOW });
});

afterEach(async () => {
  await h.close();
});

const private_ = { id: 'console', kind: 'private' } as const;

describe('/topup', () => {
  it('asks first, tops up once confirmed, and reads the new balance again', async () => {
    const ask = await h.say('/topup 1000000001');
    expect(ask).toContain('Top up your account with this PIN? A PIN can be used only once.');
    expect(ask).toContain('[1] Confirm');
    expect(h.stack.sandbox.stats().received.topup).toBeUndefined();
    const before = h.stack.sandbox.stats().received.onlinecallthrough ?? 0;
    const done = await h.say('1');
    expect(done).toContain('Topped up.');
    expect(done).toMatch(/New balance:\s+€28\.40/);
    expect(h.stack.sandbox.stats().handled.topup).toBe(1);
    expect(h.stack.sandbox.stats().received.onlinecallthrough).toBe(before + 1);
    expect(h.stack.sandbox.state.balance('demo')!.minor).toBe(284_000);
  });

  it('a used PIN (provider code 1200) is explained in plain words', async () => {
    await h.say('/topup 1000000099');
    expect(await h.say('1')).toContain('This PIN is not valid or was already used.');
    await h.say('/topup 1200');
    expect(await h.say('1')).toContain('This PIN is not valid or was already used.');
    expect(h.stack.sandbox.state.balance('demo')!.minor).toBe(184_000);
  });

  it('an account without a calling card (provider code 1201) is told why', async () => {
    await h.stack.core.link({
      identity: h.identity,
      chat: private_,
      username: 'nocard',
      password: 'nocard',
      kind: 'account',
    });
    await h.say('/topup 1000000002');
    expect(await h.say('1')).toContain('This account is not connected to a calling card');
  });
});

describe('/cdrs with natural dates', () => {
  it('2026-11-01 to today lists every record, with a total', async () => {
    const out = await h.say('/cdrs 2026-11-01 today');
    expect(out).toContain('== Calls Nov 1, 2026 – Nov 13, 2026 ==');
    expect(out).toContain('4 calls, total');
    for (const n of ['4930987654', '4917055544433', '441632960000', '33140000000']) expect(out).toContain(n);
  });

  it('yesterday, 7d, today and 01.11.2026 are read against the clock', async () => {
    const yesterday = await h.say('/cdrs yesterday');
    expect(yesterday).toContain('== Calls Nov 12, 2026 – Nov 13, 2026 ==');
    expect(yesterday).toContain('1 call, total');
    expect(yesterday).toContain('33140000000');
    const week = await h.say('/cdrs 7d');
    expect(week).toContain('== Calls Nov 6, 2026 – Nov 13, 2026 ==');
    expect(week).toContain('2 calls, total');
    expect(await h.say('/cdrs today')).toContain('No calls in that period.');
    const german = await h.say('/cdrs 01.11.2026 2026-11-05');
    expect(german).toContain('== Calls Nov 1, 2026 – Nov 5, 2026 ==');
    expect(german).toContain('2 calls, total');
  });

  it('a count limits the records listed, and the summary still totals the whole period', async () => {
    const whole = /(\d+) calls, total (€[\d.]+)/.exec(await h.say('/cdrs 2026-11-01 today'));
    expect(whole).not.toBeNull();
    const [, n, total] = whole!;
    expect(Number(n)).toBeGreaterThan(1);
    const one = await h.say('/cdrs 2026-11-01 today 1');
    expect(one).toContain(`Latest 1 of ${n} calls, ${total} in all`);
    expect(one).toContain(`add a count, e.g. /cdrs 2026-11-01 2026-11-13 ${n}`);
  });

  it('csv saves a spreadsheet file', async () => {
    const out = await h.say('/cdrs 2026-11-01 today csv', /Saved /);
    const path = /Saved (\S+)/.exec(out)?.[1];
    expect(path).toBeDefined();
    expect(path).toContain('cdrs-2026-11-01-2026-11-13.csv');
    const content = await readFile(path!, 'utf8');
    expect(content.split('\r\n')[0]).toBe(
      'start_utc,end_utc,duration_s,number,destination,type,amount,amount_tax,currency',
    );
    expect(content).toContain('4930987654');
    expect(content.trim().split('\r\n')).toHaveLength(5);
  });
});

describe('/callshop', () => {
  it('shows the callshop records of a callshop account', async () => {
    await h.stack.core.link({
      identity: h.identity,
      chat: private_,
      username: 'callshop',
      password: 'callshop',
      kind: 'account',
    });
    const out = await h.say('/callshop 2026-11-01 today');
    expect(out).toContain('== Callshop calls Nov 1, 2026 – Nov 13, 2026 ==');
    expect(out).toMatch(/4930555000111\s+905321234567/);
    expect(out).toMatch(/4930555000111\s+48221234567/);
  });

  it('for a normal account, the refusal is in plain words', async () => {
    const out = await h.say('/callshop 2026-11-01 today');
    expect(out).not.toContain('Something went wrong');
    expect(out).toMatch(/provider/i);
  });
});

describe('/lines', () => {
  it('lists the SIP lines and, in a private chat, their passwords', async () => {
    const out = await h.say('/lines');
    expect(out).toContain('== SIP lines ==');
    expect(out).toMatch(/sip_1\s+200001-1\s+sip\.sandbox\.example:5060\s+UDP/);
    expect(out).toMatch(/sip_2\s+200001-2\s+sip\.sandbox\.example:5061\s+TLS/);
    expect(out).toMatch(/Password sip_1:\s+sip-demo-1/);
    expect(out).toMatch(/Password sip_2:\s+sip-demo-2/);
  });
});
