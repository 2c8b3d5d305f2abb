import type { ChatRef, Identity } from '../../../src/core/identity.js';
import { createFormatter } from '../../../src/core/values/format.js';
import { todayIn } from '../../../src/core/values/natural-date.js';
import { toIsoDate } from '../../../src/telephony/dates.js';
import type { Money } from '../../../src/telephony/money.js';
import { createRecordingNotifier, type RecordingNotifier } from '../../helpers/recording-notifier.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { textOf } from '../core-harness.js';

/** One clock for the sandbox and the bot, moved by the test only. */
export function testClock(start: string) {
  let now = Date.parse(start);
  return {
    now: () => new Date(now),
    advance: (ms: number) => (now += ms),
    set: (iso: string) => (now = Date.parse(iso)),
  };
}

export interface GuardHarness {
  stack: TestStack;
  notifier: RecordingNotifier;
  clock: ReturnType<typeof testClock>;
  send(text: string, as?: Identity, chat?: ChatRef): Promise<string>;
  /** What the sandbox's own ledger says `username` spent on the day (or month) of `now` in `timeZone`, scale 4. */
  ledgerSpend(username: string, timeZone: string, period: 'day' | 'month'): Money;
  close(): Promise<void>;
}

export async function startGuard(platform: 'console' | 'telegram', start: string): Promise<GuardHarness> {
  const clock = testClock(start);
  const stack = await createTestStack({ clock: clock.now, sandbox: { clock: clock.now } });
  const notifier = createRecordingNotifier(platform);
  stack.proactive.attach(notifier);
  return {
    stack,
    notifier,
    clock,
    async send(text, as, chat = { id: 'dm', kind: 'private' }) {
      const identity = as ?? { platform, tenant: '', user: 'alice', displayName: 'Alice' };
      return textOf(await stack.core.handleText({ identity, chat, text }));
    },
    ledgerSpend(username, timeZone, period) {
      const day = toIsoDate(todayIn(clock.now(), timeZone));
      const want = period === 'day' ? day : day.slice(0, 7);
      const minor = stack.sandbox.state
        .cdrs(username)
        .filter((c) => Date.parse(c.start) <= clock.now().getTime())
        .filter((c) => toIsoDate(todayIn(new Date(c.start), timeZone)).startsWith(want))
        .reduce((sum, c) => sum + c.amount, 0);
      return { minor, scale: 4, currency: 'EUR' };
    },
    close: () => stack.close(),
  };
}

/** A ledger figure as the bot writes money in English (the formatter's rounding, not a second one). */
export const money = (m: Money) => createFormatter('en').money(m);
