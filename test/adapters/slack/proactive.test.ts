import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * docs/proactive.md §4.1 on Slack, end to end: real bolt (HTTP mode) ↔ fake Slack Web API, the real core and
 * proactive side, the sandbox billing the call on the test's clock.
 */
let stack: TestStack;
let h: SlackHarness;
let now: number;
const clock = () => new Date(now);
const A = '+4930123456';
const B = '+4917612345678';

beforeEach(async () => {
  now = Date.parse('2026-11-16T09:00:00Z');
  stack = await createTestStack({ clock, sandbox: { clock }, env: { ALERT_SWEEP_PER_SECOND: '0' } });
  h = await startHarness(stack.core, { users: [{ id: 'U1', name: 'alice' }] });
  stack.proactive.attach(h.channel.notifier);
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});
afterEach(async () => {
  await h.close();
  await stack.close();
});

const answers = (id: string, n = 1) => h.slack.waitForCalls('response_url', n, (c) => c.id === id);
const card = (channel: string) =>
  h.slack.waitForCall(
    'chat.postMessage',
    (c) => c.body.channel === channel && String(c.body.text).includes('Calling +'),
  );
const blocksText = (blocks: unknown) => JSON.stringify(blocks ?? []);
const actionsIn = (blocks: unknown) => (blocks as { type: string }[]).filter((b) => b.type === 'actions');

async function callAndHangUp(channel: string): Promise<void> {
  const started = await h.command(`call ${A} ${B}`, { channel });
  if (channel.startsWith('D')) {
    const posted = await card(channel);
    expect(actionsIn(posted.body.blocks)).toHaveLength(1);
  } else {
    // In a channel that did not allow personal data the card is shown to the caller alone (ephemeral).
    await answers(started.responseId);
  }
  now += 95_000;
  const stop = await h.command('hangup', { channel });
  await answers(stop.responseId);
  now += 10_000;
}

describe('the call card on Slack', () => {
  it('in the DM: chat.update shows duration and cost from the CDR, and drops the Hang up button', async () => {
    await callAndHangUp('D1');
    expect((await stack.proactive.checkCallReports()).reported).toBe(1);
    const update = await h.slack.waitForCall('chat.update');
    // The one message the bot posted in D1, the card, now reads as the report.
    const inDm = [...h.slack.messages.values()].filter((m) => m.channel === 'D1');
    expect(inDm).toHaveLength(1);
    const message = inDm[0]!;
    expect(message.ts).toBe(update.body.ts);
    expect(message.text).toContain('Call ended');
    expect(blocksText(message.blocks)).toMatch(/Duration[^"]*1:35/);
    expect(blocksText(message.blocks)).toMatch(/Cost[^"]*€\d+\.\d{2,4}/);
    expect(actionsIn(message.blocks)).toEqual([]);
  });

  it('in a support channel: the card was the caller’s alone, so is the report (with the cost, in the DM)', async () => {
    const key = 'slack:T1:C9';
    await stack.stores.settings.updateChat(key, {
      support: { agents: ['U1'], setupBy: 'slack:T1:U0', setupAt: clock().toISOString() },
    });
    const record = await stack.stores.credentials.get('slack:T1:U1');
    await stack.stores.credentials.set(key, record!);
    await callAndHangUp('C9');
    expect((await stack.proactive.checkCallReports()).reported).toBe(1);
    // The call's answer was ephemeral: nothing of the call reaches the channel (docs/architecture.md §8.3.3).
    // (The support log's thread names the call's target by design; the report is what must not show.)
    const inChannel = [...h.slack.messages.values()].filter((m) => m.channel === 'C9');
    expect(inChannel.map((m) => m.text).join('\n')).not.toMatch(/Call ended/);
    const dm = [...h.slack.messages.values()].find((m) => m.channel === 'DU1')!;
    expect(dm.text).toContain('Call ended');
    expect(blocksText(dm.blocks)).toMatch(/Cost[^"]*€\d+\.\d{2,4}/);
  });

  it('in a channel that allowed personal data: the report is shown there like the card was', async () => {
    const key = 'slack:T1:C9';
    await stack.stores.settings.updateChat(key, {
      support: { agents: ['U1'], setupBy: 'slack:T1:U0', setupAt: clock().toISOString() },
      showPersonalData: true,
    });
    await stack.stores.credentials.set(key, (await stack.stores.credentials.get('slack:T1:U1'))!);
    await h.command(`call ${A} ${B}`, { channel: 'C9' });
    // Personal data is allowed here: the card is posted in the channel (chat.postMessage, to edit it).
    await card('C9');
    now += 95_000;
    const stop = await h.command('hangup', { channel: 'C9' });
    await answers(stop.responseId);
    now += 10_000;
    expect((await stack.proactive.checkCallReports()).reported).toBe(1);
    const inChannel = [...h.slack.messages.values()].find(
      (m) => m.channel === 'C9' && m.text.includes('Call ended'),
    )!;
    expect(blocksText(inChannel.blocks)).toMatch(/Duration[^"]*1:35/);
  });

  it('an alert in a channel names commands as Slack users type them (/tel balance)', async () => {
    const key = 'slack:T1:C8';
    await stack.stores.settings.updateChat(key, {
      support: { agents: ['U1'], setupBy: 'slack:T1:U0', setupAt: clock().toISOString() },
    });
    await stack.stores.credentials.set(key, (await stack.stores.credentials.get('slack:T1:U1'))!);
    const set = await h.command('alert 5', { channel: 'C8' });
    await answers(set.responseId);
    stack.sandbox.setBalance('demo', '4,00');
    expect((await stack.proactive.sweepAlerts()).alerted).toBe(1);
    const inChannel = await h.slack.waitForCall('chat.postMessage', (c) => c.body.channel === 'C8');
    const text = `${inChannel.body.text} ${blocksText(inChannel.body.blocks)}`;
    expect(text).toContain('/tel balance');
    expect(text).not.toMatch(/with \/balance/);
  });

  it('a channel the app left: the alert is paused and logged, not retried', async () => {
    const key = 'slack:T1:C7';
    await stack.stores.settings.updateChat(key, {
      support: { agents: ['U1'], setupBy: 'slack:T1:U0', setupAt: clock().toISOString() },
      showPersonalData: true,
    });
    await stack.stores.credentials.set(key, (await stack.stores.credentials.get('slack:T1:U1'))!);
    const set = await h.command('alert 5', { channel: 'C7' });
    await answers(set.responseId);
    h.slack.leaveChannel('C7');
    stack.sandbox.setBalance('demo', '4,00');
    expect((await stack.proactive.sweepAlerts()).paused).toBe(1);
    const posts = h.slack.callsOf('chat.postMessage').length;
    stack.sandbox.setBalance('demo', '9,00');
    await stack.proactive.sweepAlerts();
    stack.sandbox.setBalance('demo', '4,00');
    await stack.proactive.sweepAlerts();
    expect(h.slack.callsOf('chat.postMessage').length).toBe(posts);
  });
});

describe('spend charts on Slack', () => {
  it('/spend 30d: the chart is uploaded to the DM with the caption', async () => {
    // A workspace without Slack's chart block gets the PNG (native-chart.test.ts has the block).
    h.slack.refuseCharts();
    const ack = await h.command('spend 30d');
    const [caption] = await answers(ack.responseId);
    expect(JSON.stringify(caption?.body)).toMatch(/on 4 calls, Oct 17, 2026 – Nov 16, 2026/);
    const done = await h.slack.waitForCall('files.completeUploadExternal');
    // Asked in the DM with the app, which only its user reads: the chart goes there.
    expect(done.body.channel_id).toBe('D1');
    const slot = h.slack.callsOf('files.getUploadURLExternal')[0]!;
    expect(String(slot.body.filename)).toMatch(/^spend-2026-10-17-2026-11-16\.png$/);
    expect(Number(slot.body.length)).toBeGreaterThan(15_000);
  });
});
