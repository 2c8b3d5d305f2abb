import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slackWords } from '../../../src/adapters/slack/words/index.js';
import { de } from '../../../src/core/messages.js';
import { tableText } from '../../helpers/block-kit.js';
import { type SlackCall, viewSubmissionPayload } from '../../helpers/fake-slack.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * docs/language.md §1.2, §2.1 on Slack: the user's language and time zone come from `users.info` with
 * `include_locale` (`locale`, `tz`); help, replies, dates and the adapter's own words (modals,
 * "buttons expire") follow them; `/language` still wins.
 */

let stack: TestStack;
let h: SlackHarness;
// 23:30 UTC: already the 14th in Berlin.
const NOW = new Date('2026-11-13T23:30:00Z');

beforeEach(async () => {
  stack = await createTestStack({ clock: () => NOW });
  h = await startHarness(stack.core, {
    users: [
      { id: 'UDE', name: 'greta', locale: 'de-DE', tz: 'Europe/Berlin' },
      { id: 'UDEADMIN', name: 'gerd', locale: 'de-DE', isAdmin: true },
      { id: 'UNY', name: 'nora', locale: 'en-US', tz: 'America/New_York' },
    ],
  });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'UDE' });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'UNY' });
});

afterEach(async () => {
  await h.close();
  await stack.close();
});

/** Every text of a Block Kit answer, in order: what the user reads. */
function rendered(call: SlackCall): string {
  const blocks = (call.body.blocks ?? []) as {
    type: string;
    text?: { text: string };
    elements?: { text?: string | { text: string } }[];
  }[];
  return blocks
    .flatMap((b) => [
      tableText(b),
      b.text?.text,
      ...(b.elements ?? []).map((e) => (typeof e.text === 'string' ? e.text : e.text?.text)),
    ])
    .filter(Boolean)
    .join('\n');
}

async function ask(text: string, user: string) {
  const ack = await h.command(text, { user, channel: `D${user}` });
  const [answer] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === ack.responseId);
  return rendered(answer!);
}

describe('a Slack user with locale de-DE in Europe/Berlin', () => {
  it('reads users.info with include_locale', async () => {
    await ask('help', 'UDE');
    const info = h.slack.callsOf('users.info').find((c) => c.body.user === 'UDE');
    expect(String(info?.body.include_locale)).toBe('true');
  });

  it('gets the help in German', async () => {
    const help = await ask('help', 'UDE');
    expect(help).toContain(`*${de.helpTitle}*`);
    // Commands as a Slack user types them (docs/privacy.md §4).
    expect(help).toContain(`/tel balance – ${de.cmd.balance.summary}`);
    expect(help).toContain(`/tel timezone [Zone] – ${de.cmd.timezone.summary}`);
    expect(help).toContain(
      de.helpFooter.replace('/help', '/tel help').replace('<', '&lt;').replace('>', '&gt;'),
    );
    expect(help).not.toMatch(/Show the commands|Balance and account details/);
    // PRINT_HELP=1 prints this rendering (docs/language.md §1.3).
    if (process.env.PRINT_HELP) console.log(help);
  });

  it('sees call times in Berlin time, and "heute" is Berlin’s day', async () => {
    const out = await ask('cdrs 01.11.2026 heute', 'UDE');
    expect(out).toContain('Anrufe 01.11.2026 – 14.11.2026');
    expect(out).toContain('05.11.2026, 19:02');
    expect(out).toContain('Zeiten in Europe/Berlin.');
    expect(out).toMatch(/4 Anrufe, zusammen \d+,\d\d\s€/);
  });

  it('gets the buttons’ expiry and the link form in German', async () => {
    const ask1 = await ask('topup 1000000001', 'UDE');
    expect(ask1).toContain('Ihr Konto mit dieser PIN aufladen?');
    expect(ask1).toContain('Die Schaltflächen laufen um <!date^');
    await h.command('link', { user: 'UDE', channel: 'DUDE', triggerId: 'trig-de' });
    const opened = await h.slack.waitForCall('views.open');
    expect(JSON.stringify(opened.body)).toContain(slackWords.de.linkTitle);
    expect(JSON.stringify(opened.body)).toContain(slackWords.de.passwordHint);
  });

  it('a German user’s very first link form is redrawn in German once Slack says their language', async () => {
    // The first contact: nothing of Greta is known when the trigger_id must be used (3 s).
    await h.command('link', { user: 'UDE', channel: 'DUDE', triggerId: 'trig-first' });
    const opened = await h.slack.waitForCall('views.open');
    const updated = await h.slack.waitForCall('views.update');
    expect(updated.body.view_id).toBeDefined();
    expect(JSON.stringify(updated.body)).toContain(slackWords.de.linkTitle);
    expect(JSON.stringify(updated.body)).toContain(slackWords.de.passwordHint);
    expect(opened.seq).toBeLessThan(updated.seq);
    // Never the wrong language first: a neutral "one moment" until Slack says hers.
    expect(JSON.stringify(opened.body)).not.toContain(slackWords.en.linkTitle);
    expect(JSON.stringify(opened.body)).not.toContain(slackWords.en.passwordHint);
  });

  it('a German admin’s very first team setup form, and its inline errors, are German', async () => {
    await h.command('team setup', { user: 'UDEADMIN', channel: 'C1', triggerId: 'trig-setup' });
    const opened = await h.slack.waitForCall('views.open');
    const updated = await h.slack.waitForCall('views.update');
    expect(JSON.stringify(updated.body)).toContain(slackWords.de.setupTitle);
    expect(JSON.stringify(updated.body)).toContain(slackWords.de.accountPassword);
    expect(opened.seq).toBeLessThan(updated.seq);
    expect(JSON.stringify(opened.body)).not.toContain(slackWords.en.setupTitle);
    expect(JSON.stringify(opened.body)).not.toContain(slackWords.en.accountPassword);
    // Slack submits the view as it is now: the redrawn one.
    const meta = (updated.body.view as { private_metadata: string }).private_metadata;
    const bad = await h.interact(
      viewSubmissionPayload({
        callbackId: 'tel_team_setup',
        privateMetadata: meta,
        user: 'UDEADMIN',
        values: {
          account_username: 'demo',
          account_password: 'demo',
          card_username: 'cards',
          agents: ['UDE'],
        },
      }),
    );
    expect(JSON.parse(bad.body).errors).toEqual({ card_password: slackWords.de.cardBothOrNeither });
  });

  it('/language en wins over the Slack locale', async () => {
    expect(await ask('language en', 'UDE')).toContain('I will speak English with you from now on.');
    expect(await ask('help', 'UDE')).toContain('/tel balance – Balance and account details');
  });
});

describe('a Slack user in America/New_York', () => {
  it('sees call times in New York time', async () => {
    const out = await ask('cdrs 2026-11-01 today', 'UNY');
    // Still the 13th in New York.
    expect(out).toContain('Calls Nov 1, 2026 – Nov 13, 2026');
    expect(out.replace(/\u202f/g, ' ')).toContain('Nov 5, 2026, 1:02 PM');
    expect(out).toContain('Times in America/New_York.');
  });
});
