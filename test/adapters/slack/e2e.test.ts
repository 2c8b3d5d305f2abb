import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlackCall } from '../../helpers/fake-slack.js';
import { buttonPressPayload, signedSlackRequest, viewSubmissionPayload } from '../../helpers/fake-slack.js';
import { AFTER_DEMO_CALLS } from '../../helpers/seed-with-calls.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { SECRET, type SlackHarness, startHarness, waitForForm } from './harness.js';

/**
 * End to end with real bolt in HTTP mode, the real core, memory stores and the sandbox over real
 * HTTP: signed requests in, Web API calls and response_url posts out to the fake Slack.
 */
let stack: TestStack;
let h: SlackHarness;
let now: number;

const A = '+4930123456';
const B = '+4917612345678';

beforeEach(async () => {
  // The demo data's calls are in `/cdrs`'s default period whatever the date (seed-with-calls.ts).
  now = AFTER_DEMO_CALLS;
  stack = await createTestStack({ clock: () => new Date(now) });
  h = await startHarness(stack.core, {
    users: [
      { id: 'U1', name: 'alice' },
      { id: 'U2', name: 'bob' },
      { id: 'UADMIN', name: 'ada', isAdmin: true },
      { id: 'U7', name: 'agent7' },
      { id: 'U8', name: 'outsider' },
    ],
  });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U2' });
});
afterEach(async () => {
  // Every Block Kit payload the tests produced kept within Slack's documented limits.
  expect(h.slack.refusedPayloads().map((c) => c.refused)).toEqual([]);
  await h.close();
  await stack.close();
});

const answers = (id: string, n = 1) => h.slack.waitForCalls('response_url', n, (c) => c.id === id);
const json = (c: SlackCall | undefined) => JSON.stringify(c?.body ?? {});

/** The action id of the button labelled `label` in a rendered answer. */
function buttonId(call: SlackCall, label = 'Confirm'): string {
  const blocks = call.body.blocks as {
    type: string;
    elements?: { text?: { text: string }; action_id: string }[];
  }[];
  const id = blocks
    .flatMap((b) => (b.type === 'actions' ? (b.elements ?? []) : []))
    .find((e) => e.text?.text === label)?.action_id;
  if (!id) throw new Error(`no ${label} button in ${json(call)}`);
  return id;
}

async function press(
  actionId: string,
  user: string,
  channel = 'D1',
  extra: { actionTs?: string; headers?: Record<string, string> } = {},
) {
  const responseUrl = h.slack.responseUrl();
  const id = responseUrl.split('/').pop()!;
  const payload = buttonPressPayload({
    actionId,
    user,
    channel,
    responseUrl,
    ...(extra.actionTs ? { actionTs: extra.actionTs } : {}),
  });
  const ack = await h.interact(payload, extra.headers);
  expect(ack.status).toBe(200);
  return { id, payload };
}

/** The call card, posted through the Web API so that it can be edited when the call ends. */
function callCard(): Promise<SlackCall> {
  return h.slack.waitForCall('chat.postMessage', (c) => String(c.body.text).includes('Calling +'));
}

/** In a DM with the app only its user reads along, so the core leaves every answer in the chat. */
describe('every command, in a DM with the app', () => {
  it.each([
    ['', 1, 'Commands', 'in_channel'],
    ['help call', 1, 'Start a web callback', 'in_channel'],
    ['start', 1, 'linked as', 'in_channel'],
    ['accounts', 1, 'demo-cards', 'in_channel'],
    ['use demo', 1, 'now your active account', 'in_channel'],
    ['balance', 1, '€18.40', 'in_channel'],
    [`rate ${A}`, 1, 'Germany Berlin', 'in_channel'],
    [`check ${A}`, 1, 'Country code', 'in_channel'],
    ['numbers', 1, 'Dial-in numbers', 'in_channel'],
    [`target ${A} ${B}`, 1, 'Store the callthrough pair', 'in_channel'],
    ['lines', 2, 'sip-demo-1', 'in_channel'],
    [`call ${A} ${B}`, 1, 'Calling +4930123456 first', 'in_channel'],
    ['hangup', 1, 'stopped', 'in_channel'],
    ['topup 1000000001', 1, 'Top up your account', 'in_channel'],
    ['cdrs', 1, 'calls, total', 'in_channel'],
    ['callshop', 1, 'not a callshop account', 'in_channel'],
    ['card show 4917012345678', 2, '12345678', 'in_channel'],
    ['card create 4917099999999', 1, 'Create a card for', 'in_channel'],
    ['card block 4917012345678', 1, 'Block the card', 'in_channel'],
    ['card unblock 4917012345678', 1, 'Unblock the card', 'in_channel'],
    ['card disable 4915112345678', 1, 'Disable the card', 'in_channel'],
    ['card renumber 4916012345678 4916099999999', 1, 'Move the card', 'in_channel'],
    ['card activate 4917012345678 12345678', 1, '', undefined],
    ['groupdata on', 1, 'group setting', 'in_channel'],
    ['audit', 1, '', 'in_channel'],
    ['cancel', 1, 'nothing to cancel', 'in_channel'],
    ['accounts extra', 1, '', undefined],
    ['unlink demo', 1, 'Unlinked', 'in_channel'],
  ] as const)('/tel %s', async (text, n, expected, responseType) => {
    if (text === 'hangup') {
      await h.command(`call ${A} ${B}`);
      await callCard();
    }
    const ack = await h.command(text);
    expect(ack.status).toBe(200);
    expect(ack.body).toBe('');
    if (text.startsWith('call ')) {
      // The call card is posted with chat.postMessage, whose ts lets the report edit it (docs/proactive.md §2.1).
      const card = await callCard();
      expect(json(card)).toContain(expected);
      expect(card.body.channel).toBe('D1');
      return;
    }
    const got = await answers(ack.responseId, n);
    expect(got.map(json).join('\n')).toContain(expected);
    if (responseType) expect(got[0]?.body.response_type).toBe(responseType);
  });

  it('uploads the CDR CSV with the external upload pair', async () => {
    const ack = await h.command('cdrs 30d csv');
    await answers(ack.responseId);
    const done = await h.slack.waitForCall('files.completeUploadExternal');
    const upload = h.slack.callsOf('upload')[0];
    expect(upload?.raw.split('\n')[0]).toMatch(/,/);
    expect(String(h.slack.callsOf('files.getUploadURLExternal')[0]?.body.filename)).toMatch(/^cdrs-.*\.csv$/);
    expect(done.body.channel_id).toBe('D1');
  });
});

describe('confirmation buttons', () => {
  it('asker confirms once; someone else, a retried delivery and a second click do not top up again', async () => {
    const ask = await h.command('topup 1000000001');
    const [question] = await answers(ask.responseId);
    const confirm = buttonId(question!);

    const stranger = await press(confirm, 'U2');
    const [refusal] = await answers(stranger.id);
    expect(refusal?.body).toMatchObject({
      response_type: 'ephemeral',
      text: 'Only the person who asked can press this.',
    });

    const first = await press(confirm, 'U1', 'D1', { actionTs: '1700000100.000001' });
    const retried = await signedSlackRequest(
      SECRET,
      new URLSearchParams({ payload: JSON.stringify(first.payload) }).toString(),
      {
        url: h.url,
        headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
      },
    );
    expect(retried.status).toBe(200);
    const [update] = await answers(first.id);
    expect(update?.body.replace_original).toBe(true);

    const again = await press(confirm, 'U1', 'D1', { actionTs: '1700000100.000002' });
    const [late] = await answers(again.id);
    expect(String(late?.body.text)).toContain('expired or was already used');
    await h.dedupe.decided(h.dedupe.claims.length);
    expect(h.dedupe.claims.filter((c) => !c.won)).toHaveLength(1);
    expect(stack.sandbox.stats().handled.topup).toBe(1);
  });

  it('refuses a press after the confirmation expired', async () => {
    const ask = await h.command(`target ${A} ${B}`);
    const [question] = await answers(ask.responseId);
    now += 6 * 60_000;
    const pressed = await press(buttonId(question!), 'U1');
    const [late] = await answers(pressed.id);
    expect(json(late)).toContain('expired');
    expect(stack.sandbox.stats().handled.store ?? 0).toBe(0);
  });

  it('drops a slash command retried with X-Slack-Retry-Num: one callback, not two', async () => {
    const first = await h.command(`call ${A} ${B}`, { triggerId: 'trigger.call' });
    const retry = await signedSlackRequest(SECRET, first.requestBody, {
      url: h.url,
      headers: { 'x-slack-retry-num': '1' },
    });
    expect(retry.status).toBe(200);
    await callCard();
    await h.dedupe.decided(2);
    expect(h.dedupe.claims.map((c) => c.won)).toEqual([true, false]);
    expect(
      stack.sandbox.stats().handled['webcallback.trycallback'] ?? stack.sandbox.stats().handled.trycallback,
    ).toBe(1);
  });
});

describe('acknowledge first, with the provider at 2 s latency', () => {
  it('the ack comes back before the provider answered; the answer follows on response_url', async () => {
    stack.sandbox.setFaults({ global: { latencyMs: 2000 } });
    const ack = await h.command('balance');
    expect(ack.status).toBe(200);
    // Ordering, not timing: the ack is in hand and no answer has been posted yet, because the
    // answer needs the provider's, which is still being held back.
    expect(h.slack.callsOf('response_url').filter((c) => c.id === ack.responseId)).toHaveLength(0);
    const [answer] = await answers(ack.responseId);
    expect(json(answer)).toContain('€18.40');
  });
});

describe('linking modal', () => {
  it('links through the modal; wrong credentials are shown inline', async () => {
    await h.command('link', { user: 'U5', triggerId: 'trigger.link5' });
    const open = await waitForForm(h.slack);
    const meta = (open.body.view as { private_metadata: string }).private_metadata;
    const submit = (password: string) =>
      h.interact(
        viewSubmissionPayload({
          callbackId: 'tel_link',
          privateMetadata: meta,
          user: 'U5',
          values: { username: 'demo', password },
        }),
      );
    const wrong = await submit('not-the-password');
    expect(JSON.parse(wrong.body)).toMatchObject({
      response_action: 'errors',
      errors: { password: expect.any(String) },
    });
    const right = await submit('demo');
    expect(right.body).toBe('');
    const ack = await h.command('balance', { user: 'U5' });
    const [balance] = await answers(ack.responseId);
    expect(json(balance)).toContain('€18.40');
    expect(JSON.stringify(h.slack.calls)).not.toContain('not-the-password');
  });
});

describe('support channel', () => {
  it('an admin sets it up; the agent acts, the outsider is refused, the audit is written and shown', async () => {
    await h.command('team setup', { user: 'UADMIN', channel: 'C9' });
    const open = await waitForForm(h.slack);
    const meta = (open.body.view as { private_metadata: string }).private_metadata;
    const setup = await h.interact(
      viewSubmissionPayload({
        callbackId: 'tel_team_setup',
        privateMetadata: meta,
        user: 'UADMIN',
        values: {
          account_username: 'demo',
          account_password: 'demo',
          card_username: 'cards',
          card_password: 'cards',
          agents: ['U7'],
        },
      }),
    );
    expect(setup.body).toBe('');
    await h.slack.waitForCall('response_url', (c) => json(c).includes('support channel'));

    const outsider = await h.command('card show 4917012345678', { user: 'U8', channel: 'C9' });
    const [refused] = await answers(outsider.responseId);
    expect(json(refused)).toContain('only its agents');

    const ask = await h.command('card block 4917012345678', { user: 'U7', channel: 'C9' });
    const [question] = await answers(ask.responseId);
    const pressed = await press(buttonId(question!), 'U7', 'C9');
    const [update] = await answers(pressed.id);
    expect(update?.body.replace_original).toBe(true);
    const record = await h.slack.waitForCall(
      'chat.postMessage',
      (c) => c.body.thread_ts !== undefined && json(c).includes('block'),
    );
    expect(record.body.channel).toBe('C9');
    expect(
      stack.sandbox.stats().handled['mycard-v2.blockcard'] ?? stack.sandbox.stats().handled.blockcard,
    ).toBe(1);

    const show = await h.command('card show 4917012345678', { user: 'U7', channel: 'C9' });
    // A secret never appears inside the channel, not even ephemerally: it goes to the agent's DM.
    const shown = await answers(show.responseId, 2);
    expect(shown.some((c) => json(c).includes('PIN'))).toBe(false);
    const pin = await h.slack.waitForCall('chat.postMessage', (c) => json(c).includes('PIN'));
    expect(json(pin)).toContain('12345678');
    expect(pin.body.channel).toBe('DU7');

    const entries = await stack.stores.audit.recent(10, { chat: 'slack:T1:C9' });
    expect(entries.some((e) => e.command.includes('block') && e.actor === 'slack:T1:U7')).toBe(true);
    const audit = await h.command('audit 5', { user: 'U7', channel: 'C9' });
    const [table] = await answers(audit.responseId);
    expect(json(table)).toContain('block');
    // The Who column names the person, never the store's key.
    expect(json(table)).toContain('agent7');
    expect(json(table)).not.toContain('slack:T1:U7');
  });
});
