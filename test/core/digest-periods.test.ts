import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '../../src/core/identity.js';
import { digestWeek } from '../../src/core/proactive/digest-job.js';
import type { Reply } from '../../src/core/reply.js';
import { createFormatter } from '../../src/core/values/format.js';
import { createRecordingNotifier, type RecordingNotifier } from '../helpers/recording-notifier.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';
import { truthSeed } from '../truth/ledger.js';

const anna: Identity = { platform: 'console', tenant: '', user: 'anna', displayName: 'Anna' };
const dm = { id: 'dm', kind: 'private' as const };

/** Calls around the Berlin midnights that end the weeks of 16–22 and 23–29 November 2026. */
const CALLS = {
  sunLateBerlin: '2026-11-22T22:30:00Z', // Sun 23:30 in Berlin: week of 16 Nov
  monEarlyBerlin: '2026-11-22T23:30:00Z', // Mon 00:30 in Berlin: week of 23 Nov
  sunLastSecond: '2026-11-29T22:59:59Z', // Sun 23:59:59 in Berlin: week of 23 Nov
  nextMonday: '2026-11-29T23:00:00Z', // Mon 00:00 in Berlin: week of 30 Nov
};

describe('weekly digests cover Monday 00:00 to Sunday 24:00 in the user’s zone, never overlapping', () => {
  let stack: TestStack;
  let notifier: RecordingNotifier;
  let now = Date.parse('2026-11-16T09:00:00Z');
  const clock = () => new Date(now);

  afterEach(async () => {
    await stack?.close();
  });

  async function start() {
    const base = new Date('2026-12-01T00:00:00Z');
    const past = Object.values(CALLS).map((at) => ({
      minutesAgo: (base.getTime() - Date.parse(at)) / 60_000,
      seconds: 90,
      number: '491761234567',
    }));
    stack = await createTestStack({ clock, sandbox: { clock, data: truthSeed(base, past, []) } });
    await stack.linkDemo(anna);
    notifier = createRecordingNotifier('console');
    stack.proactive.attach(notifier);
  }

  const say = (text: string) => stack.core.handleText({ identity: anna, chat: dm, text });

  /** The ledger's calls and total for the days `from`–`to` in Berlin. */
  function ledger(starts: string[]) {
    const cdrs = stack.sandbox.state
      .cdrs('demo')
      .filter((r) => starts.includes(new Date(r.start).toISOString().replace('.000', '')));
    const minor = cdrs.reduce((s, r) => s + r.amount, 0);
    return { calls: cdrs.length, total: createFormatter('de').money({ minor, scale: 4, currency: 'EUR' }) };
  }

  it('Berlin, in German: each call counts in exactly one week, the one of its Berlin day; dates in the German format', async () => {
    await start();
    await say('/timezone Europe/Berlin');
    await say('/language de');
    await say('/digest weekly');
    now = Date.parse('2026-11-23T06:30:00Z'); // Monday 07:30 in Berlin: not yet
    expect(await stack.proactive.sendDigests()).toEqual({ sent: 0, failed: 0 });
    now = Date.parse('2026-11-23T07:05:00Z'); // Monday 08:05 in Berlin
    expect(await stack.proactive.sendDigests()).toEqual({ sent: 1, failed: 0 });
    now = Date.parse('2026-11-30T07:05:00Z');
    expect(await stack.proactive.sendDigests()).toEqual({ sent: 1, failed: 0 });
    const [first, second] = notifier.sent.map((s) => s.reply) as [Reply, Reply];
    expect(first.title).toBe('Ihre Woche 16.11.2026 – 22.11.2026');
    expect(second.title).toBe('Ihre Woche 23.11.2026 – 29.11.2026');
    const week1 = ledger([CALLS.sunLateBerlin]);
    const week2 = ledger([CALLS.monEarlyBerlin, CALLS.sunLastSecond]);
    const balance = createFormatter('de').money({ minor: 1840, scale: 2, currency: 'EUR' });
    expect(first.text).toBe(`${week1.total} für 1 Anruf ausgegeben. Guthaben jetzt: ${balance}.`);
    expect(second.text).toMatch(new RegExp(`^${week2.total.replace(/[.]/g, '\\.')} für 2 Anrufe ausgegeben`));
    expect(first.file?.mimeType).toBe('image/png');
  });

  it('New York: Monday 08:00 there, not in UTC, and its own Monday-to-Sunday', async () => {
    await start();
    await say('/timezone America/New_York');
    await say('/digest weekly');
    now = Date.parse('2026-11-23T08:05:00Z'); // 03:05 in New York
    expect(await stack.proactive.sendDigests()).toEqual({ sent: 0, failed: 0 });
    now = Date.parse('2026-11-23T13:05:00Z'); // 08:05 in New York
    expect(await stack.proactive.sendDigests()).toEqual({ sent: 1, failed: 0 });
    // Every call of CALLS falls on Sunday 22 or Sunday 29 November in New York.
    expect(notifier.sent[0]!.reply.title).toBe('Your week Nov 16, 2026 – Nov 22, 2026');
    expect(notifier.sent[0]!.reply.text).toMatch(/^Spent €[\d.]+ on 2 calls\./);
  });

  it('consecutive weeks meet without a gap or a shared day, in every zone, across the clock change', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Pacific/Kiritimati', 'Asia/Kolkata']) {
      let previous: ReturnType<typeof digestWeek>['period'] | undefined;
      for (
        let t = Date.parse('2026-10-05T12:00:00Z');
        t < Date.parse('2026-11-16T12:00:00Z');
        t += 7 * 86_400_000
      ) {
        const { period } = digestWeek(new Date(t), zone);
        const days =
          (Date.UTC(period.to.year, period.to.month - 1, period.to.day) -
            Date.UTC(period.from.year, period.from.month - 1, period.from.day)) /
          86_400_000;
        expect(days).toBe(6);
        expect(new Date(Date.UTC(period.from.year, period.from.month - 1, period.from.day)).getUTCDay()).toBe(
          1,
        );
        if (previous) {
          const gap =
            (Date.UTC(period.from.year, period.from.month - 1, period.from.day) -
              Date.UTC(previous.to.year, previous.to.month - 1, previous.to.day)) /
            86_400_000;
          expect(gap).toBe(1);
        }
        previous = period;
      }
    }
  });
});
