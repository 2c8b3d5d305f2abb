import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealWorkObject, workObjectUrl } from '../../../src/adapters/slack/work-object-id.js';
import { eventCallbackBody, type SlackCall } from '../../helpers/fake-slack.js';
import { DOCUMENTED_ENTITY_TYPES } from '../../helpers/fake-slack-surfaces.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';
import { clickWorkObject } from './work-object-click.js';

/**
 * Work Objects (docs/channels.md §2.3, docs/privacy.md §3.4), end to end: real bolt, the real core
 * and sandbox, the fake Web API (chat.unfurl and entity.presentDetails as Slack documents them).
 * U1 is linked to the demo account; U2 to nothing; C1 is the demo account's support channel.
 */
const key = new TextEncoder().encode('the bot key for work objects, 32+');
const domain = 'bot.example.com';
/** A calling card of the demo account's card module (the sandbox's demo data), and its holder. */
const CARD = '4917012345678';
const HOLDER = /Max Mustermann/;
let stack: TestStack;
let h: SlackHarness;

beforeEach(async () => {
  stack = await createTestStack();
  h = await startHarness(
    stack.core,
    {
      users: [
        { id: 'U1', tz: 'UTC' },
        { id: 'U2', tz: 'UTC' },
        { id: 'UADMIN', isAdmin: true },
      ],
    },
    { workObjects: { domain, key } },
  );
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
  await stack.core.setupSupportChannel({
    identity: { platform: 'slack', tenant: 'T1', user: 'UADMIN' },
    chat: { id: 'C1', kind: 'shared', userIsAdmin: true },
    account: { username: 'demo', password: 'demo' },
    agents: ['UADMIN'],
  });
});

afterEach(async () => {
  expect(h.slack.refusedPayloads()).toEqual([]);
  await h.close();
  await stack.close();
});

const demoCard = () =>
  workObjectUrl(domain, sealWorkObject(key, { kind: 'card', account: 'demo', ref: CARD }));
const share = (user: string, channel: string, url: string, ts: string) =>
  h.event(
    eventCallbackBody({
      type: 'link_shared',
      channel,
      user,
      message_ts: ts,
      is_bot_user_member: true,
      links: [{ url, domain }],
    }),
  );
const unfurlsOf = (ts: string) => h.slack.callsOf('chat.unfurl').filter((c) => c.body.ts === ts);
const click = (user: string, url: string) => clickWorkObject(h, user, url, 'card');
const text = (c: SlackCall) => JSON.stringify(c.body);
const metadataOf = (c: SlackCall) =>
  (typeof c.body.metadata === 'string' ? JSON.parse(c.body.metadata) : c.body.metadata) as {
    entity_type: string;
    entity_payload: { custom_fields: { label: string; value: string }[] };
  };

describe('Work Objects', () => {
  it("unfurls with non-sensitive fields only for a linked poster or in the account's support channel, never otherwise", async () => {
    const url = demoCard();
    expect(url).not.toContain('demo');
    await share('U1', 'C9', url, '1.000001');
    const [unfurl] = await h.slack.waitForCalls('chat.unfurl', 1);
    if (process.env.PRINT_TRANSCRIPT) console.log(JSON.stringify(unfurl!.body, null, 2));
    expect(unfurl!.answer).toEqual({ ok: true });
    expect(text(unfurl!)).toContain('Prepaid card');
    // Everyone in the channel sees it: no account, no balance, no card number.
    expect(text(unfurl!)).not.toMatch(/demo|18[.,]40|4917012345678|Max Mustermann/);

    await share('U2', 'C1', url, '1.000002'); // not linked, but in the account's support channel
    await share('U2', 'C9', url, '1.000003'); // not linked, elsewhere: refused
    const other = workObjectUrl(
      domain,
      sealWorkObject(key, { kind: 'call', account: 'someone-else', ref: 'c1' }),
    );
    await share('U1', 'C9', other, '1.000004'); // another account's link: refused
    const forged = `${url.slice(0, -4)}AAAA`;
    await share('U1', 'C9', forged, '1.000005'); // forged id: refused
    const foreignKey = workObjectUrl(
      domain,
      sealWorkObject(new TextEncoder().encode('another key'), { kind: 'card', account: 'demo', ref: '1' }),
    );
    await share('U1', 'C9', foreignKey, '1.000006');
    await h.channel.stop();
    expect(unfurlsOf('1.000002')).toHaveLength(1);
    for (const ts of ['1.000003', '1.000004', '1.000005', '1.000006']) expect(unfurlsOf(ts)).toEqual([]);
  });

  it('shows the record in the panel of a linked clicker only; an unlinked one is asked to link, a forged id shows nothing', async () => {
    const url = demoCard();
    await click('U1', url);
    const mine = await h.slack.waitForCall('entity.presentDetails');
    if (process.env.PRINT_TRANSCRIPT) console.log(JSON.stringify(mine.body, null, 2));
    expect(mine.answer).toEqual({ ok: true });
    expect(text(mine)).toMatch(HOLDER);

    await click('U2', url);
    const theirs = await h.slack.waitForCall('entity.presentDetails', (c) => c.seq !== mine.seq);
    expect(String(theirs.body.user_auth_required)).toBe('true');
    expect(text(theirs)).not.toMatch(HOLDER);
    expect(theirs.body.metadata).toBeUndefined();

    await click('U1', `${url.slice(0, -4)}AAAA`);
    const forged = await h.slack.waitForCalls('entity.presentDetails', 3);
    expect(text(forged[2]!)).toContain('not_found');
    expect(text(forged[2]!)).not.toMatch(HOLDER);
  });

  it("shows that card's own record in the panel, as a documented entity type, not the home screen's figures", async () => {
    const url = demoCard();
    await click('U1', url);
    const panel = await h.slack.waitForCall('entity.presentDetails');
    if (process.env.PRINT_TRANSCRIPT) console.log(JSON.stringify(metadataOf(panel), null, 2));
    expect(panel.answer).toEqual({ ok: true });
    expect(DOCUMENTED_ENTITY_TYPES).toContain(metadataOf(panel).entity_type);
    const fields = metadataOf(panel)
      .entity_payload.custom_fields.map((f) => f.value)
      .join(' | ');
    expect(fields).toMatch(HOLDER);
    // The card's record, not the account's home screen (its balance and customer).
    expect(fields).not.toMatch(/Demo Customer|18[.,]40/);
    // Nor its PIN: a panel cannot be deleted after a while as a secret reply is (docs/privacy.md §3.4).
    expect(text(panel)).not.toContain('12345678');
  });

  it("hands out the card's Work Object link in the answer to its owner, one that unfurls and opens", async () => {
    const { responseId } = await h.command(`card show +${CARD}`, { channel: 'D1' });
    const answer = await h.slack.waitForCall('response_url', (c) => c.id === responseId);
    const link = /https:\/\/bot\.example\.com\/wo\/[A-Za-z0-9_-]+/.exec(text(answer))?.[0];
    expect(link).toBeDefined();
    await share('U1', 'C9', link!, '1.000008');
    const [unfurl] = await h.slack.waitForCalls('chat.unfurl', 1);
    expect(unfurl!.answer).toEqual({ ok: true });
    await click('U1', link!);
    const panel = await h.slack.waitForCall('entity.presentDetails');
    expect(text(panel)).toMatch(HOLDER);
  });
});
