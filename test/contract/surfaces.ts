import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digestWeek } from '../../src/core/proactive/digest-job.js';
import type { ChannelDriver, DriverFactory, Person } from './driver.js';

/**
 * Every surface keeps every promise (docs/architecture.md §8.3.3; GUIDE "Every surface keeps every
 * promise"): page turns, DMs, @mentions, shortcuts, forms and digests, each against the five
 * promises where the surface exists on the channel. A row that does not apply says why in its
 * skip condition:
 * - personal data never in a shared chat;
 * - a secret never visible in a shared chat, and never claimed deleted when it was not;
 * - the recipient's language;
 * - a way back;
 * - no sentence twice.
 */

const BALANCE = '18.40';
const BALANCE_DE = '18,40';
/** A password only this file types: found anywhere, it leaked. */
const PASSWORD = 'Zebra-Kiwi-93';
const A = '+4930123456';
const B = '+4917612345678';
/** A seeded call record's number as the call list shows it (seedWithCalls). */
const CALL_RECORD = /4930100\d{4}/;

const cmd = (d: ChannelDriver, text: string) => {
  const [name = '', ...rest] = text.split(' ');
  return [d.command(name), ...rest].join(' ');
};

/** Everything any member can read, wherever it is. */
const everywhere = (d: ChannelDriver) =>
  [
    d.sharedView(),
    ...(['alice', 'bob', 'dave'] as const).flatMap((p) => [d.privateView(p), d.ephemeralView(p)]),
  ].join('\n');

/** How many of the messages `who` can read say `sentence`. */
const times = (d: ChannelDriver, who: Person, sentence: string | RegExp) =>
  d.messages(who).filter((m) => (typeof sentence === 'string' ? m.includes(sentence) : sentence.test(m)))
    .length;

/**
 * The person who reads German: Dave, whose platform says so at first contact (Telegram
 * `language_code`, Slack locale); on the console, which has one user, Alice after `/language de`.
 */
export async function germanReader(d: ChannelDriver): Promise<Person> {
  if (d.onePerson) {
    await d.say('alice', 'private', cmd(d, 'language de'));
    return 'alice';
  }
  await d.linkDemo('dave');
  return 'dave';
}

/** A deletion claimed in `who`'s view (either language) is a deletion carried out. */
function noFalseDeletion(d: ChannelDriver, who: Person, where: 'private' | 'shared'): void {
  const claims = /deleted|gelöscht/i.test(
    [d.privateView(who), d.ephemeralView(who), d.sharedView()].join('\n'),
  );
  if (claims)
    expect(d.lastInputDeleted(who, where), 'a deletion was claimed, so it was carried out').toBe(true);
}

/** The newest form as it stands now (one line each in `forms()`). */
const shownForm = (d: ChannelDriver) => d.forms?.().split('\n').at(-1) ?? '';

/** Every digest subscription is due now: its week not yet sent, in a zone where Monday 08:00 has passed. */
async function digestsDue(d: ChannelDriver): Promise<void> {
  const now = new Date();
  // Monday before 08:00 in UTC is not Monday before 08:00 at UTC+14; one of the two is past it.
  const timeZone = digestWeek(now, 'UTC').due ? 'UTC' : 'Pacific/Kiritimati';
  const store = d.stack.stores.proactive.digests;
  for await (const sub of store.list()) await store.put({ ...sub, timeZone, lastWeek: '2000-W01' });
}

export function surfacesContract(
  name: string,
  start: DriverFactory,
  has: { shared: boolean; deletes: boolean; mentions: boolean; shortcuts: boolean; forms: boolean },
): void {
  describe(`every surface keeps every promise: ${name}`, () => {
    let d: ChannelDriver;
    beforeEach(async () => {
      d = await start();
      await d.linkDemo('alice');
    });
    afterEach(async () => {
      await d.close();
    });

    describe('page turns', () => {
      const LIST = 'cdrs 7d today 500';

      it.skipIf(!has.shared)('personal data: a page turned in a shared chat stays its asker’s', async () => {
        await d.say('alice', 'shared', cmd(d, LIST));
        await d.press('alice', 'shared', '▶');
        expect(d.privateView('alice')).toContain('Page 2 of');
        expect(d.sharedView()).not.toMatch(CALL_RECORD);
        expect(d.privateView('bob') + d.ephemeralView('bob')).not.toMatch(CALL_RECORD);
      });

      it('the recipient’s language: the next page speaks it too', async () => {
        const who = await germanReader(d);
        await d.say(who, 'private', cmd(d, LIST));
        await d.press(who, 'private', '▶');
        expect(d.privateView(who)).toContain('Seite 2 von');
        expect(d.privateView(who)).not.toMatch(/Page \d of/);
      });

      it('a way back, and no sentence twice: ◀ returns, and a page replaces the last where it can', async () => {
        // A channel that edits shows one page at a time, in place; the console prints each page anew.
        const printed = d.editsInPlace ? 0 : 1;
        await d.say('alice', 'private', cmd(d, LIST));
        await d.press('alice', 'private', '▶');
        expect(times(d, 'alice', 'Page 2 of')).toBe(1);
        expect(times(d, 'alice', 'Page 1 of')).toBe(printed);
        await d.press('alice', 'private', '◀');
        const view = d.privateView('alice');
        expect(view.slice(view.lastIndexOf('Page '))).toMatch(/^Page 1 of/);
        expect(times(d, 'alice', 'Page 1 of')).toBe(1 + printed);
        expect(times(d, 'alice', 'Page 2 of')).toBe(printed);
      });
    });

    describe('direct messages', () => {
      it('personal data: the answer stays in the direct conversation', async () => {
        await d.dm('alice', 'balance');
        expect(d.privateView('alice')).toContain(BALANCE);
        if (has.shared) expect(d.sharedView()).not.toContain(BALANCE);
      });

      it('a secret: a password typed there is never shown back, and no deletion is claimed that did not happen', async () => {
        await d.dm('alice', `link demo ${PASSWORD}`);
        expect(d.privateView('alice').length).toBeGreaterThan(0);
        expect(everywhere(d)).not.toContain(PASSWORD);
        noFalseDeletion(d, 'alice', 'private');
        if (has.deletes) expect(d.lastInputDeleted('alice', 'private')).toBe(true);
      });

      it('the recipient’s language', async () => {
        const who = await germanReader(d);
        await d.dm(who, 'balance');
        expect(d.privateView(who)).toContain(BALANCE_DE);
        expect(d.privateView(who)).not.toMatch(/Balance/);
      });

      it.skipIf(!has.shared)(
        'the recipient’s language: the note that an answer went to the direct conversation',
        async () => {
          const who = await germanReader(d);
          // A file is never shown to one person inside a chat: it goes privately, and its asker is told.
          await d.say(who, 'shared', cmd(d, 'cdrs 7d csv'));
          const told = [d.sharedView(), d.ephemeralView(who)].join('\n');
          expect(told).toMatch(/privaten Chat geschickt|als Direktnachricht geschickt/);
          expect(told).not.toMatch(/I sent/);
          expect(d.sharedView()).not.toMatch(CALL_RECORD);
        },
      );

      it('a way back: a menu opened there has Back on its screens', async () => {
        await d.dm('alice', 'start');
        await d.press('alice', 'private', '💰 Balance');
        await d.press('alice', 'private', '⬅️ Back');
        await d.press('alice', 'private', '💰 Balance');
        expect(d.privateView('alice')).toContain(BALANCE);
      });

      it('no sentence twice: one answer to one message', async () => {
        await d.dm('alice', 'balance');
        expect(times(d, 'alice', BALANCE)).toBe(1);
      });
    });

    describe('@mentions', () => {
      const mention = (who: Person, text: string) => {
        if (!d.mention) throw new Error(`${d.name} has no @mentions`);
        return d.mention(who, text);
      };

      it.skipIf(!has.mentions)('personal data: an answer to a mention is its asker’s alone', async () => {
        await mention('alice', 'balance');
        expect(d.sharedView()).not.toContain(BALANCE);
        expect(d.privateView('alice') + d.ephemeralView('alice')).toContain(BALANCE);
        expect(d.privateView('bob') + d.ephemeralView('bob')).not.toContain(BALANCE);
      });

      it.skipIf(!has.mentions)(
        'a secret: a password in a mention is never shown back, and no deletion is claimed that did not happen',
        async () => {
          await mention('alice', `link demo ${PASSWORD}`);
          expect(everywhere(d)).not.toContain(PASSWORD);
          noFalseDeletion(d, 'alice', 'shared');
          if (has.deletes) expect(d.lastInputDeleted('alice', 'shared')).toBe(true);
        },
      );

      it.skipIf(!has.mentions)('the recipient’s language', async () => {
        const who = await germanReader(d);
        await mention(who, 'balance');
        const theirs = d.privateView(who) + d.ephemeralView(who);
        expect(theirs).toContain(BALANCE_DE);
        expect(theirs).not.toMatch(/Balance|I sent/);
      });

      it.skipIf(!has.mentions)('no sentence twice: the answer and where it went, once each', async () => {
        await mention('alice', 'balance');
        expect(times(d, 'alice', BALANCE)).toBe(1);
        expect(times(d, 'alice', /I sent (the answer|that)/)).toBeLessThanOrEqual(1);
      });

      it.skipIf(!has.mentions)('a way back: a menu opened by a mention keeps Back', async () => {
        await mention('alice', 'start');
        await d.press('alice', 'shared', '💰 Balance');
        await d.press('alice', 'shared', '⬅️ Back');
        await d.press('alice', 'shared', '💰 Balance');
        expect(d.sharedView()).not.toContain(BALANCE);
        expect(d.privateView('alice') + d.ephemeralView('alice')).toContain(BALANCE);
      });
    });

    describe('shortcuts', () => {
      const shortcut = (...args: Parameters<NonNullable<ChannelDriver['shortcut']>>) => {
        if (!d.shortcut) throw new Error(`${d.name} has no shortcuts`);
        return d.shortcut(...args);
      };

      it.skipIf(!has.shortcuts)(
        'personal data: a call from a shared chat’s message is its caller’s',
        async () => {
          await shortcut('alice', 'callThis', `ring ${B} please`, { a_number: A, b_number: B });
          expect(d.privateView('alice') + d.ephemeralView('alice')).toMatch(/Calling|call/i);
          await d.press('alice', 'shared', 'Hang up');
          // Its report, once the record is in, is no more public than the call's card.
          const past = new Date(Date.now() - 1000).toISOString();
          const reports = d.stack.stores.proactive.callReports;
          for await (const r of reports.list())
            await reports.put({ ...r, nextCheckAt: past, giveUpAt: past });
          await d.stack.proactive.checkCallReports();
          expect(d.privateView('alice')).toMatch(/Call ended/);
          expect(d.sharedView()).not.toMatch(/Call ended/);
          expect(d.sharedView()).not.toContain(B.slice(1));
        },
      );

      it.skipIf(!has.shortcuts)(
        'the recipient’s language, and a way out: its form and its answer',
        async () => {
          const who = await germanReader(d);
          // The first contact: nothing of Dave is known when the form must open (trigger_id, 3 s).
          await shortcut(who, 'callThis', `ring ${B}`, { a_number: A, b_number: B });
          await shortcut(who, 'rateThis', `what does ${B} cost?`);
          const theirs = d.privateView(who) + d.ephemeralView(who);
          expect(theirs).toMatch(/Tarif|Minute/);
          // Its form is German and has a way out.
          // Its form, as it stands once Slack told the language, is German and has a way out.
          const form = shownForm(d);
          expect(form).toMatch(/Nummer anrufen/);
          expect(form).toMatch(/Abbrechen/);
          expect(form).not.toMatch(/Call a number|Then connect/);
        },
      );

      it.skipIf(!has.shortcuts)('no sentence twice: a rate asked by shortcut is answered once', async () => {
        await shortcut('alice', 'rateThis', `what does ${B} cost?`);
        expect(times(d, 'alice', /Germany Mobile/)).toBe(1);
        expect(d.sharedView()).not.toMatch(/Germany Mobile/);
      });
    });

    describe('forms', () => {
      it.skipIf(!has.forms)(
        'a secret: a password given in the form is never shown, and nothing claims a deletion',
        async () => {
          if (!d.linkForm) throw new Error(`${d.name} has no forms`);
          await d.linkForm('bob', 'shared', PASSWORD);
          const seen = [everywhere(d), d.forms?.() ?? ''].join('\n');
          expect(seen).not.toContain(PASSWORD);
          expect(seen).not.toMatch(/deleted|gelöscht/i);
          await d.linkForm('bob', 'shared', 'demo');
          expect(everywhere(d)).toMatch(/Linked "demo"/);
          expect(d.sharedView()).not.toMatch(/Linked "demo"/);
        },
      );

      it.skipIf(!has.forms)(
        'the recipient’s language from the first contact, and a way out of the form',
        async () => {
          await d.say('dave', 'shared', cmd(d, 'link'));
          const form = shownForm(d);
          expect(form).toMatch(/Konto verknüpfen|Passwort/);
          expect(form).toMatch(/Abbrechen/);
          expect(form).not.toMatch(/Link account|"Password"/);
        },
      );

      it.skipIf(!has.forms)('no sentence twice: a link by form is confirmed once', async () => {
        await d.say('bob', 'shared', cmd(d, 'link'));
        expect(times(d, 'bob', 'Linked "demo"')).toBe(1);
      });
    });

    describe('digests', () => {
      const send = async () => {
        await digestsDue(d);
        return d.stack.proactive.sendDigests();
      };

      it.skipIf(!has.shared)(
        'personal data: a digest set in a shared chat goes to its subscriber',
        async () => {
          await d.say('alice', 'shared', cmd(d, 'digest weekly'));
          expect(await send()).toMatchObject({ sent: 1 });
          expect(d.sharedView()).not.toMatch(/Your week/);
          expect(d.sharedView()).not.toContain(BALANCE);
          expect(d.privateView('alice')).toMatch(/Your week/);
        },
      );

      it.skipIf(!has.shared)(
        'personal data: a support channel’s digest shows the team’s money only where the channel allows it',
        async () => {
          await d.makeSupportChannel(['alice']);
          await d.say('alice', 'shared', cmd(d, 'digest weekly'));
          expect(await send()).toMatchObject({ sent: 1 });
          expect(d.sharedView()).not.toContain(BALANCE);
          expect(d.privateView('alice')).toContain(BALANCE);
        },
      );

      it('the recipient’s language at sending time', async () => {
        await d.say('alice', 'private', cmd(d, 'digest weekly'));
        await d.say('alice', 'private', cmd(d, 'language de'));
        await send();
        const view = d.privateView('alice');
        expect(view).toMatch(/Ihre Woche/);
        expect(view).not.toMatch(/Your week/);
      });

      it('no sentence twice: a week’s digest is sent once, however often the job runs', async () => {
        await d.say('alice', 'private', cmd(d, 'digest weekly'));
        await send();
        await d.stack.proactive.sendDigests();
        expect(times(d, 'alice', /Your week/)).toBe(1);
      });
    });
  });
}
