import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sealWorkObject, workObjectUrl } from '../../../src/adapters/slack/work-object-id.js';
import { eventCallbackBody, type SlackCall } from '../../helpers/fake-slack.js';
import { seedWithCalls } from '../../helpers/seed-with-calls.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';
import { clickWorkObject } from './work-object-click.js';

/**
 * A call's Work Object (docs/channels.md §2.3): the provider gives a call record no id, so its link
 * seals the call's start (to the second) and number with the account; the panel reads that one call
 * (`/cdr`, one day's read) for a clicker linked to the account, and the unfurl shows nothing of it.
 * Three calls a minute apart on Oct 31, 2026, before the fixed clock.
 */
const key = new TextEncoder().encode('the bot key for work objects, 32+');
const domain = 'bot.example.com';
const CALL = '20261031T100100Z-49301000001';
let stack: TestStack;
let h: SlackHarness;

beforeEach(async () => {
  const now = new Date('2026-11-28T12:00:00Z');
  stack = await createTestStack({
    clock: () => now,
    sandbox: { data: seedWithCalls(3, Date.parse('2026-10-31T10:00:00Z')) },
  });
  h = await startHarness(
    stack.core,
    {
      users: [
        { id: 'U1', tz: 'UTC' },
        { id: 'U2', tz: 'UTC' },
      ],
    },
    { workObjects: { domain, key } },
  );
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});

afterEach(async () => {
  expect(h.slack.refusedPayloads()).toEqual([]);
  await h.close();
  await stack.close();
});

const callUrl = (ref = CALL) =>
  workObjectUrl(domain, sealWorkObject(key, { kind: 'call', account: 'demo', ref }));
const text = (c: SlackCall) => JSON.stringify(c.body);
const click = (user: string, url: string) => clickWorkObject(h, user, url, 'call');

describe("a call's Work Object", () => {
  it("shows that one call in a linked clicker's panel, no other call; an unlinked clicker is asked to link", async () => {
    const url = callUrl();
    expect(url).not.toMatch(/49301000001|demo/);
    await click('U1', url);
    const mine = await h.slack.waitForCall('entity.presentDetails');
    if (process.env.PRINT_TRANSCRIPT) console.log(JSON.stringify(mine.body, null, 2));
    expect(mine.answer).toEqual({ ok: true });
    expect(text(mine)).toContain('49301000001');
    expect(text(mine)).not.toMatch(/49301000000|49301000002/);

    await click('U2', url);
    const theirs = await h.slack.waitForCall('entity.presentDetails', (c) => c.seq !== mine.seq);
    expect(String(theirs.body.user_auth_required)).toBe('true');
    expect(text(theirs)).not.toMatch(/49301000001/);
  });

  it('says so when the call is not found (a start or number that matches no record)', async () => {
    await click('U1', callUrl('20261031T100130Z-49301000001'));
    const panel = await h.slack.waitForCall('entity.presentDetails');
    expect(text(panel)).not.toMatch(/4930100000/);
    expect(text(panel)).toMatch(/No such call/);
  });

  it('unfurls for a linked poster with the kind and a short id only: no number, no amount', async () => {
    await h.event(
      eventCallbackBody({
        type: 'link_shared',
        channel: 'C9',
        user: 'U1',
        message_ts: '1.000001',
        links: [{ url: callUrl(), domain }],
      }),
    );
    const [unfurl] = await h.slack.waitForCalls('chat.unfurl', 1);
    expect(text(unfurl!)).toContain('Call');
    expect(text(unfurl!)).not.toMatch(/4930|demo|€|2026-10-31/);
  });

  it("hands out the call's link in /cdr's answer to its owner, one that opens that call", async () => {
    const { responseId } = await h.command(`cdr ${CALL}`, { channel: 'D1' });
    const answer = await h.slack.waitForCall('response_url', (c) => c.id === responseId);
    expect(text(answer)).toContain('49301000001');
    const link = /https:\/\/bot\.example\.com\/wo\/[A-Za-z0-9_-]+/.exec(text(answer))?.[0];
    expect(link).toBeDefined();
    await click('U1', link!);
    const panel = await h.slack.waitForCall('entity.presentDetails');
    expect(text(panel)).toContain('49301000001');
    expect(text(panel)).not.toMatch(/49301000000|49301000002/);
  });
});
