import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonPressPayload, eventCallbackBody, type SlackCall } from '../../helpers/fake-slack.js';
import { sqliteMemory, tempSqlitePath } from '../../helpers/sqlite-memory.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { recordingLogger, type SlackHarness, startHarness } from './harness.js';

/**
 * The DM as Slack's agent view (docs/channels.md §2.3), end to end: real bolt, the real core and
 * sandbox, the fake Web API. #acme-support (C1) is a support channel linked to the demo account,
 * whose agents are the user group SAGENTS (U7). U9 is nobody's agent.
 */
const logger = recordingLogger();
let stack: TestStack;
let h: SlackHarness;
let memory: ReturnType<typeof sqliteMemory>;
let path: string;
const team = 'T1';
const people = {
  users: [
    { id: 'UADMIN', name: 'Ada', isAdmin: true, tz: 'UTC' },
    { id: 'U7', name: 'agent', tz: 'UTC' },
    { id: 'U9', name: 'other', tz: 'UTC' },
  ],
  groups: { SAGENTS: ['U7'] },
  channelNames: { C1: 'acme-support' },
};

beforeEach(async () => {
  stack = await createTestStack();
  path = tempSqlitePath('agent-view-');
  memory = sqliteMemory(path);
  h = await startHarness(stack.core, people, { logger, memory });
  await stack.core.setupSupportChannel({
    identity: { platform: 'slack', tenant: team, user: 'UADMIN' },
    chat: { id: 'C1', kind: 'shared', userIsAdmin: true },
    account: { username: 'demo', password: 'demo' },
    agents: [],
    agentGroup: 'SAGENTS',
  });
});

afterEach(async () => {
  expect(h.slack.refusedPayloads()).toEqual([]);
  await h.close();
  await stack.close();
});

const lookAt = (user: string, channel: string) =>
  h.event(
    eventCallbackBody({
      type: 'app_context_changed',
      user,
      channel: `D${user}`,
      context: { entities: [{ type: 'slack#/types/channel_id', value: channel, team_id: team }] },
    }),
  );
const dm = (user: string, text: string) =>
  h.event(eventCallbackBody({ type: 'message', channel_type: 'im', channel: `D${user}`, user, text }));
/** The offer's "Use" button, its value the support channel, pressed in the DM. */
const press = (user: string, channel: string) => {
  const payload = buttonPressPayload({
    actionId: 'av:use',
    user,
    channel: `D${user}`,
    responseUrl: h.slack.responseUrl(),
  });
  (payload as { actions: { value?: string }[] }).actions[0]!.value = channel;
  return h.interact(payload);
};
/** U7 looks at #acme-support, is offered its account and takes it. */
const chooseC1 = async () => {
  await lookAt('U7', 'C1');
  await h.slack.waitForCall('chat.postMessage', (c) => c.body.channel === 'DU7');
  await press('U7', 'C1');
  await h.slack.waitForCall(
    'chat.postMessage',
    (c) => c.body.channel === 'DU7' && /As an agent/.test(textOf(c)),
  );
};
const postsTo = (channel: string) =>
  h.slack.callsOf('chat.postMessage').filter((c) => c.body.channel === channel);
const textOf = (c: SlackCall) => JSON.stringify(c.body);

describe('the agent view', () => {
  it("offers the support channel's account to its agent, who then answers as that channel's agent, audited there", async () => {
    const setup = await stack.core.agentAccount({
      identity: { platform: 'slack', tenant: team, user: 'U7', groups: ['SAGENTS'] },
      chat: { id: 'C1', kind: 'shared' },
    });
    expect(setup).toBe('demo');
    await lookAt('U7', 'C1');
    const offer = await h.slack.waitForCall('chat.postMessage', (c) => c.body.channel === 'DU7');
    expect(offer.body.text).toBe(
      "You are looking at #acme-support: use demo's account? I check that you are its agent each time.",
    );
    await press('U7', 'C1');
    await h.slack.waitForCall(
      'chat.postMessage',
      (c) => c.body.channel === 'DU7' && /As an agent/.test(textOf(c)),
    );

    await dm('U7', 'balance');
    const answer = await h.slack.waitForCall(
      'chat.postMessage',
      (c) => c.body.channel === 'DU7' && /18[.,]40/.test(textOf(c)),
    );
    // Each answer says as whom it answers.
    expect(textOf(answer)).toContain("As an agent of #acme-support, with demo's account (audited there).");
    const audit = await stack.stores.audit.recent(10, { chat: `slack:${team}:C1` });
    expect(audit.filter((e) => e.command === 'agent view')).toEqual([
      expect.objectContaining({ actor: `slack:${team}:U7`, account: 'demo', role: 'agent', outcome: 'ok' }),
    ]);
    // The balance stays in the DM: nothing of it in the support channel.
    expect(postsTo('C1').filter((c) => /18[.,]40/.test(textOf(c)))).toEqual([]);
  });

  it("never offers anything to someone who is not that channel's agent", async () => {
    await lookAt('U9', 'C1');
    await lookAt('U9', 'C2');
    await h.channel.stop();
    expect(postsTo('DU9')).toEqual([]);
  });

  it('checks the agent afresh for every answer: removed from the group, the next answer is their own', async () => {
    await chooseC1();
    // Within the directory's cache time: only a fresh read sees the change.
    h.slack.setGroup('SAGENTS', []);
    await dm('U7', 'balance');
    await h.slack.waitForCall(
      'chat.postMessage',
      (c) => c.body.channel === 'DU7' && /no longer an agent of #acme-support/.test(textOf(c)),
    );
    await h.channel.stop();
    expect(postsTo('DU7').filter((c) => /18[.,]40/.test(textOf(c)))).toEqual([]);
  });

  it('keeps the choice across a restart in the store, with a TTL, and checks the agent afresh on use', async () => {
    await chooseC1();
    expect(memory.ttls.some((t) => typeof t === 'number' && t > 0)).toBe(true);
    // The bot restarts on the same store: no new context event, no new press.
    await h.close();
    h = await startHarness(stack.core, people, { logger, memory: sqliteMemory(path) });
    await dm('U7', 'balance');
    const answer = await h.slack.waitForCall(
      'chat.postMessage',
      (c) => c.body.channel === 'DU7' && /18[.,]40/.test(textOf(c)),
    );
    expect(textOf(answer)).toContain("As an agent of #acme-support, with demo's account (audited there).");
    // Still checked at each use: out of the group, the kept choice grants nothing, and is dropped.
    h.slack.setGroup('SAGENTS', []);
    await dm('U7', 'balance');
    await h.slack.waitForCall(
      'chat.postMessage',
      (c) => c.body.channel === 'DU7' && /no longer an agent of #acme-support/.test(textOf(c)),
    );
    await h.close();
    h = await startHarness(stack.core, people, { logger, memory: sqliteMemory(path) });
    await dm('U7', 'balance');
    const own = await h.slack.waitForCall('chat.postMessage', (c) => c.body.channel === 'DU7');
    expect(textOf(own)).not.toMatch(/As an agent|18[.,]40/);
  });

  it("sets the suggested prompts in the person's language when a thread starts", async () => {
    h.slack.setUser({ id: 'U9', name: 'other', tz: 'UTC', locale: 'de-DE' });
    await h.event(
      eventCallbackBody({
        type: 'assistant_thread_started',
        assistant_thread: { user_id: 'U9', channel_id: 'DU9', thread_ts: '1700000000.000001', context: {} },
      }),
    );
    const set = await h.slack.waitForCall('assistant.threads.setSuggestedPrompts');
    expect(set.answer).toEqual({ ok: true });
    const prompts = typeof set.body.prompts === 'string' ? JSON.parse(set.body.prompts) : set.body.prompts;
    expect(prompts.map((p: { title: string }) => p.title)).toEqual([
      'Guthaben',
      'Letzte 10 Anrufe',
      'Karte sperren',
    ]);
  });
});
