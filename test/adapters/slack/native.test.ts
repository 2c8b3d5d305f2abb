import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { en } from '../../../src/core/messages.js';
import { tableText } from '../../helpers/block-kit.js';
import {
  buttonPressPayload,
  eventCallbackBody,
  homeButtonPayload,
  type SlackCall,
} from '../../helpers/fake-slack.js';
import { seedWithCalls } from '../../helpers/seed-with-calls.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { type SlackHarness, startHarness } from './harness.js';

/**
 * docs/interface.md §4.2 on Slack, end to end: real bolt in HTTP mode, the real core and the sandbox; the fake
 * Web API refuses any Block Kit payload beyond Slack's documented limits (test/helpers/block-kit.ts).
 */
let stack: TestStack;
let h: SlackHarness;

beforeEach(async () => {
  const now = Date.now();
  stack = await createTestStack({
    clock: () => new Date(now),
    sandbox: { data: seedWithCalls(500) },
  });
  h = await startHarness(stack.core, {
    // UTC, so the seeded calls of the last hours all fall on today (a zone shifts the day, docs/language.md §2.3).
    users: [
      { id: 'U1', name: 'alice', tz: 'UTC' },
      { id: 'U2', name: 'bob', tz: 'UTC' },
    ],
  });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});

afterEach(async () => {
  expect(h.slack.refusedPayloads().map((c) => c.refused)).toEqual([]);
  await h.close();
  await stack.close();
});

type Block = { type: string; text?: { text: string }; fields?: { text: string }[]; elements?: Element[] };
type Element = { type: string; text?: string | { text: string }; action_id?: string };

function blocksOf(call: SlackCall): Block[] {
  const body = call.body as { blocks?: Block[]; view?: { blocks: Block[] } };
  return body.view?.blocks ?? body.blocks ?? [];
}

/** What a person reads, one line per block; buttons as [label]. */
function readable(blocks: Block[]): string {
  return blocks
    .map((b) => {
      if (b.type === 'divider') return '---';
      if (b.type === 'table') return tableText(b);
      if (b.type === 'actions')
        return (b.elements ?? [])
          .map((e) => `[${typeof e.text === 'string' ? e.text : e.text?.text}]`)
          .join(' ');
      if (b.type === 'context')
        return (b.elements ?? []).map((e) => (typeof e.text === 'string' ? e.text : e.text?.text)).join(' ');
      return [b.text?.text, ...(b.fields ?? []).map((f) => f.text.replace('\n', ' '))]
        .filter(Boolean)
        .join(' | ');
    })
    .join('\n');
}

function actionIds(blocks: Block[]): string[] {
  return blocks.flatMap((b) =>
    b.type === 'actions' ? (b.elements ?? []).map((e) => e.action_id ?? '') : [],
  );
}

describe('App Home', () => {
  it('app_home_opened publishes the home tab: linked accounts, balance, last calls, buttons', async () => {
    const ack = await h.event(
      eventCallbackBody({ type: 'app_home_opened', user: 'U1', channel: 'D1', tab: 'home' }),
    );
    expect(ack.status).toBe(200);
    const publish = await h.slack.waitForCall('views.publish');
    expect(publish.body.user_id).toBe('U1');
    const view = publish.body.view as { type: string; blocks: Block[] };
    expect(view.type).toBe('home');
    const text = readable(view.blocks);
    expect(text).toContain('*Home*');
    expect(text).toMatch(/Linked accounts[\s\S]*demo/);
    expect(text).toMatch(/Balance[\s\S]*18[.,]40/);
    expect(text).toMatch(/Calls [\s\S]*```/);
    expect(actionIds(view.blocks)).toEqual([
      'm:balance',
      'm:calls',
      'm:topup',
      'm:cards',
      'm:export',
      'm:settings',
      'm:help',
    ]);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
  });

  it('the home tab names commands as Slack users type them: /tel balance, not /balance', async () => {
    await h.event(eventCallbackBody({ type: 'app_home_opened', user: 'U1', channel: 'D1', tab: 'home' }));
    const publish = await h.slack.waitForCall('views.publish');
    const text = readable((publish.body.view as { blocks: Block[] }).blocks);
    expect(text).toContain('/tel balance');
    expect(text).toContain('/tel cdrs');
    expect(text).not.toMatch(/(^|[^l]) \/(balance|cdrs)\b/m);
  });

  it('the Messages tab opening publishes nothing', async () => {
    await h.event(eventCallbackBody({ type: 'app_home_opened', user: 'U1', channel: 'D1', tab: 'messages' }));
    await h.event(eventCallbackBody({ type: 'app_home_opened', user: 'U2', channel: 'D2', tab: 'home' }));
    const publish = await h.slack.waitForCall('views.publish');
    expect(publish.body.user_id).toBe('U2');
    expect(h.slack.callsOf('views.publish')).toHaveLength(1);
    // Not linked: the menu and how to link, nothing else.
    expect(readable(blocksOf(publish))).toMatch(/No account linked yet/);
    // Slack links in a private form, not "in a private chat with me" (the channel's own words).
    expect(readable(blocksOf(publish))).toContain(en.formHomeNotLinked);
    expect(readable(blocksOf(publish))).not.toContain('private chat');
  });

  it('a button on the Home tab shows its screen in the tab, and Back shows home again', async () => {
    await h.interact(homeButtonPayload({ actionId: 'm:balance' }));
    const screen = await h.slack.waitForCall('views.publish');
    expect(readable(blocksOf(screen))).toMatch(/18[.,]40/);
    expect(actionIds(blocksOf(screen))).toEqual(['m:home']);
    await h.interact(homeButtonPayload({ actionId: 'm:home' }));
    const [, home] = await h.slack.waitForCalls('views.publish', 2);
    expect(actionIds(blocksOf(home!))).toContain('m:calls');
    expect(readable(blocksOf(home!))).toMatch(/Linked accounts/);
  });

  it('a refusal on the Home tab says its sentence once, with the way back', async () => {
    await h.interact(homeButtonPayload({ actionId: 'm:balance', user: 'U2' }));
    const screen = await h.slack.waitForCall('views.publish');
    const text = readable(blocksOf(screen));
    expect(text.match(/not linked an account/g)).toHaveLength(1);
    expect(actionIds(blocksOf(screen))).toEqual(['m:home']);
  });

  it('Link account on the Home tab opens the link form: a password never goes into a message', async () => {
    await h.interact(homeButtonPayload({ actionId: 'm:link' }));
    const form = await h.slack.waitForCall('views.open');
    expect(JSON.stringify(form.body)).toContain('tel_link');
    const tab = await h.slack.waitForCall('views.publish');
    expect(readable(blocksOf(tab))).not.toMatch(/send (me )?(your|the) password|delete/i);
    // No linking conversation waits for a password typed into the DM.
    const settings = await stack.stores.settings.user('slack:T1:U1');
    expect(settings.conversation).toBeUndefined();
  });
});

describe('Messages tab and mentions', () => {
  it('a DM to the app runs the same commands as the slash command, answered in the DM', async () => {
    await h.event(
      eventCallbackBody({ type: 'message', channel_type: 'im', channel: 'D1', user: 'U1', text: 'balance' }),
    );
    const answer = await h.slack.waitForCall('chat.postMessage');
    expect(answer.body.channel).toBe('D1');
    expect(JSON.stringify(answer.body)).toMatch(/18[.,]40/);
  });

  it('a retried event runs once; the bot’s own messages and edits are ignored', async () => {
    const body = eventCallbackBody(
      { type: 'message', channel_type: 'im', channel: 'D1', user: 'U1', text: 'help' },
      { eventId: 'EvSAME' },
    );
    await h.event(body);
    await h.event(body, { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' });
    await h.event(
      eventCallbackBody({
        type: 'message',
        channel_type: 'im',
        channel: 'D1',
        bot_id: 'BBOT',
        text: 'balance',
      }),
    );
    await h.event(
      eventCallbackBody({
        type: 'message',
        subtype: 'message_changed',
        channel_type: 'im',
        channel: 'D1',
        text: 'x',
      }),
    );
    await h.event(
      eventCallbackBody({ type: 'message', channel_type: 'im', channel: 'D1', user: 'U1', text: 'accounts' }),
    );
    const calls = await h.slack.waitForCalls('chat.postMessage', 2);
    expect(JSON.stringify(calls[0]!.body)).toMatch(/Commands/);
    expect(JSON.stringify(calls[1]!.body)).toMatch(/Linked accounts/);
    expect(h.slack.callsOf('chat.postMessage')).toHaveLength(2);
  });

  it('an @mention is answered like the slash command: personal data only to the asker', async () => {
    await h.event(
      eventCallbackBody({ type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> balance' }),
    );
    const personal = await h.slack.waitForCall('chat.postEphemeral');
    expect(personal.body.user).toBe('U1');
    expect(JSON.stringify(personal.body)).toMatch(/18[.,]40/);
    await h.event(
      eventCallbackBody({ type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> rate +4930123456' }),
    );
    const visible = await h.slack.waitForCall('chat.postMessage');
    expect(visible.body.channel).toBe('C1');
    expect(JSON.stringify(visible.body)).toMatch(/Germany/);
  });

  it('linking by DM points to the slash command’s private form', async () => {
    await h.event(
      eventCallbackBody({
        type: 'message',
        channel_type: 'im',
        channel: 'D1',
        user: 'U1',
        text: 'link me pw',
      }),
    );
    const answer = await h.slack.waitForCall('chat.postMessage');
    expect(JSON.stringify(answer.body)).toMatch(/only the slash command can open: type \/tel link/);
  });
});

describe('help and long lists', () => {
  it('help is Block Kit grouped by topic, short lines, no wide table', async () => {
    const { responseId } = await h.command('help');
    const [answer] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === responseId);
    const text = readable(blocksOf(answer!));
    // Commands as a Slack user types them (docs/privacy.md §4).
    expect(text).toMatch(/\*Account\*\n• \/tel balance – /);
    expect(text).toMatch(/\*Calls\*\n(• .+\n)*• \/tel call &lt;A&gt; &lt;B&gt; – /);
    expect(text).not.toContain('```');
  });

  it('500 call records page with buttons, never one giant message', async () => {
    const { responseId } = await h.command('cdrs 7d today 500');
    const [first] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === responseId);
    const text = readable(blocksOf(first!));
    expect(text).toMatch(/Page 1 of 25/);
    expect(blocksOf(first!).length).toBeLessThanOrEqual(50);
    const next = actionIds(blocksOf(first!)).find((id) => id.startsWith('p:'))!;
    const responseUrl = h.slack.responseUrl('page2');
    await h.interact(buttonPressPayload({ actionId: next, responseUrl }));
    const [page2] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === 'page2');
    expect(page2!.body.replace_original).toBe(true);
    // A real table, its header row on every page, within the block's 100 rows.
    expect(readable(blocksOf(page2!))).toMatch(/^Date \| Number \| Destination[\s\S]*Page 2 of 25/m);
    expect(blocksOf(page2!).filter((b) => b.type === 'table')).toHaveLength(1);
  });

  it('pages a 500-record list 8 times from one command: each press answers on its own response_url', async () => {
    // Slack gives every press a response_url of its own, 5 posts in 30 minutes each; the command's
    // own URL would be spent after 5 page turns (docs.slack.dev "Handling user interaction").
    const { responseId } = await h.command('cdrs 7d today 500');
    let [shown] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === responseId);
    for (let page = 2; page <= 9; page++) {
      const next = actionIds(blocksOf(shown!))
        .filter((id) => id.startsWith('p:'))
        .at(-1)!;
      const id = `turn${page}`;
      await h.interact(buttonPressPayload({ actionId: next, responseUrl: h.slack.responseUrl(id) }));
      [shown] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === id);
      expect(shown!.body.replace_original).toBe(true);
      expect(readable(blocksOf(shown!))).toMatch(new RegExp(`Page ${page} of 25`));
    }
    expect(h.slack.callsOf('response_url', { includeRefused: true }).filter((c) => c.urlRefused)).toEqual([]);
    expect(h.slack.callsOf('response_url').filter((c) => c.id === responseId)).toHaveLength(1);
  });
});
