import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../../src/core/identity.js';
import { alice, type CoreHarness, groupAsAdmin, startCore } from './core-harness.js';

/**
 * docs/language.md §2.1: every time a user reads is in their zone (Slack `tz`, or `/timezone`, which wins), and
 * UTC is stated when nothing is known; dates they type (`heute`, `yesterday`) are read in that zone.
 * The demo account's calls start at 2026-11-02 09:15:00, 2026-11-05 18:02:10, 2026-11-10 12:00:00
 * and 2026-11-12 20:30:00 UTC.
 */

// 23:30 UTC: already the 14th in Berlin (CET, +1), still the 13th in New York (EST, −5).
let now = new Date('2026-11-13T23:30:00Z');
let h: CoreHarness;

beforeAll(async () => {
  h = await startCore({ clock: () => now });
});

afterAll(async () => {
  await h.close();
});

async function user(name: string): Promise<Identity> {
  const as = { ...alice, user: name };
  await h.stack.linkDemo(as);
  return as;
}

describe('Europe/Berlin, set with /timezone', () => {
  it('shows every call time in Berlin time, says so, and reads typed dates there', async () => {
    const as = await user('tz-berlin');
    const set = await h.send('/timezone europe/berlin', { as, locale: 'de' });
    expect(set.text).toBe(
      'Ihre Zeitzone ist jetzt Europe/Berlin. Dort ist es 14.11.2026, 00:30. Daten, die Sie eingeben, etwa heute oder 01.11.2026, gelten ebenfalls in dieser Zone.',
    );
    const out = await h.send('/cdrs 01.11.2026 heute', { as, locale: 'de' });
    expect(out.text).toContain('Anrufe 01.11.2026 – 14.11.2026');
    expect(out.text).toContain('02.11.2026, 10:15 |');
    expect(out.text).toContain('05.11.2026, 19:02 |');
    expect(out.text).toContain('10.11.2026, 13:00 |');
    expect(out.text).toContain('12.11.2026, 21:30 |');
    expect(out.text).toContain('Zeiten in Europe/Berlin.');
    expect(out.text).not.toContain('UTC');
    // "heute" and "gestern" are Berlin's days, not UTC's.
    expect((await h.send('/cdrs gestern heute', { as, locale: 'de' })).text).toContain(
      'Anrufe 13.11.2026 – 14.11.2026',
    );
    expect((await h.send('/timezone', { as, locale: 'de' })).text).toContain(
      'Ihre Zeitzone ist Europe/Berlin (jetzt 14.11.2026, 00:30)',
    );
  });

  it('the audit log of a support channel too', async () => {
    const as = await user('tz-berlin-admin');
    await h.send('/timezone Europe/Berlin', { as, locale: 'de' });
    await h.send('/groupdata on', { as, chat: groupAsAdmin, locale: 'de' });
    const audit = await h.send('/audit 1', { as, chat: groupAsAdmin, locale: 'de' });
    expect(audit.text).toMatch(/14\.11\.2026, 00:30 \| Alice \| groupdata on \| {2}\| erledigt/);
  });

  it('a /timezone choice wins over the platform zone', async () => {
    const as = await user('tz-choice');
    await h.send('/timezone Europe/Berlin', { as });
    const out = await h.send('/cdrs 2026-11-05 2026-11-05', { as, timeZone: 'America/New_York' });
    expect(out.text).toContain('Nov 5, 2026, 7:02 PM |');
  });
});

describe('America/New_York, from the platform (Slack tz)', () => {
  it('shows every call time in New York time and reads "today" there', async () => {
    const as = await user('tz-ny');
    const opts = { as, locale: 'en-US', timeZone: 'America/New_York' };
    const out = await h.send('/cdrs 2026-11-01 today', opts);
    // New York is still on the 13th.
    expect(out.text).toContain('Calls Nov 1, 2026 – Nov 13, 2026');
    expect(out.text).toContain('Nov 2, 2026, 4:15 AM |');
    expect(out.text).toContain('Nov 5, 2026, 1:02 PM |');
    expect(out.text).toContain('Nov 10, 2026, 7:00 AM |');
    expect(out.text).toContain('Nov 12, 2026, 3:30 PM |');
    expect(out.text).toContain('Times in America/New_York.');
    expect((await h.send('/cdrs yesterday today', opts)).text).toContain('Calls Nov 12, 2026 – Nov 13, 2026');
    expect((await h.send('/timezone', opts)).text).toContain(
      'Your time zone is America/New_York (now Nov 13, 2026, 6:30 PM)',
    );
  });
});

describe('a day in a far zone straddles two UTC days', () => {
  it('keeps a call by its day in the user’s zone (Pacific/Kiritimati, UTC+14)', async () => {
    const as = await user('tz-kiritimati');
    const opts = { as, timeZone: 'Pacific/Kiritimati' };
    // 2026-11-12 20:30 UTC is 13 Nov, 10:30 there.
    const on13 = await h.send('/cdrs 2026-11-13 2026-11-13', opts);
    expect(on13.text).toContain('Nov 13, 2026, 10:30 AM |');
    expect(on13.text).toContain('1 call, total');
    const on12 = await h.send('/cdrs 2026-11-12 2026-11-12', opts);
    expect(on12.text).toContain('No calls in that period.');
  });
});

describe('no zone known', () => {
  it('shows UTC, and says so with each time', async () => {
    const as = await user('tz-none');
    const out = await h.send('/cdrs 2026-11-05 2026-11-05', { as });
    expect(out.text).toContain('Nov 5, 2026, 6:02 PM UTC |');
    expect(out.text).toContain('Times in UTC.');
    expect((await h.send('/timezone', { as })).text).toBe(
      'I do not know your time zone, so I show times in UTC. Set it with /timezone, e.g. /timezone Europe/Berlin.',
    );
    // A zone the platform sends that Intl does not know is treated as unknown, not trusted.
    expect((await h.send('/cdrs 2026-11-05 2026-11-05', { as, timeZone: 'Mars/Olympus' })).text).toContain(
      '6:02 PM UTC',
    );
    now = new Date('2026-11-13T23:30:00Z');
    expect((await h.send('/cdrs today today', { as })).text).toContain('Calls Nov 13, 2026 – Nov 13, 2026');
  });

  it('refuses a zone that is not in the IANA list, naming the fix, and stores nothing', async () => {
    const as = await user('tz-bad');
    const city = await h.send('/timezone New York', { as });
    expect(city.text).toContain(
      '"New York" is not a time zone I know. Did you mean /timezone America/New_York?',
    );
    const out = await h.send('/timezone America/New York', { as });
    expect(out.text).toContain('Your time zone is now America/New_York');
    const bad = await h.send('/timezone Nowhere/Land', { as });
    expect(bad.text).toContain('"Nowhere/Land" is not a time zone I know. Use a name from the IANA list');
    expect((await h.stack.stores.settings.user('console::tz-bad')).timeZone).toBe('America/New_York');
  });
});
