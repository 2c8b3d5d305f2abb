import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSlackChannel, type SlackChannel } from '../../../src/adapters/slack/index.js';
import { catalogues } from '../../../src/core/index.js';
import { createFakeCore, type FakeCore } from '../../helpers/fake-core.js';
import { buttonPressPayload, type FakeSlack, startFakeSlack } from '../../helpers/fake-slack.js';
import { type FakeSocketMode, startFakeSocketMode } from '../../helpers/fake-slack-socket.js';
import { malformedSignedPayloads } from '../../helpers/slack-malformed.js';
import { memoryDedupe } from './harness.js';

/**
 * docs/operations.md §1.6, Socket Mode end to end: bolt's SocketModeReceiver against a local WebSocket server
 * speaking Slack's Socket Mode protocol, its `apps.connections.open` on SLACK_API_URL (the fake Web
 * API), not slack.com. hello → slash_commands and interactive envelopes → acks by envelope_id →
 * disconnect (refresh_requested) → reconnect, with no envelope lost and a redelivery run once.
 */
let core: FakeCore;
let slack: FakeSlack;
let socket: FakeSocketMode;
let channel: SlackChannel;

beforeEach(async () => {
  core = createFakeCore('slack');
  socket = await startFakeSocketMode();
  slack = await startFakeSlack({
    socketModeUrl: () => socket.nextUrl(),
    users: [{ id: 'UDE', name: 'greta', locale: 'de-DE' }],
  });
  channel = socketChannel();
});

function socketChannel(extra: Partial<Parameters<typeof createSlackChannel>[0]> = {}): SlackChannel {
  return createSlackChannel({
    core,
    botToken: 'xoxb-test',
    appToken: 'xapp-1-A1-test',
    apiUrl: slack.apiUrl,
    dedupe: memoryDedupe(),
    webApiRetry: { retries: 2, minTimeout: 1, maxTimeout: 5, factor: 1 },
    // The reconnect backoff unit of @slack/socket-mode; short so a refresh reconnects quickly.
    socketPingTimeoutMs: 300,
    ...extra,
  });
}

afterEach(async () => {
  await channel.stop();
  await socket.close();
  await slack.close();
});

const slashPayload = (text: string, responseUrl: string) => ({
  token: 'legacy-verification-token',
  team_id: 'T1',
  team_domain: 'example',
  channel_id: 'D1',
  channel_name: 'directmessage',
  user_id: 'U1',
  user_name: 'alice',
  command: '/tel',
  text,
  api_app_id: 'A1',
  is_enterprise_install: 'false',
  response_url: responseUrl,
  trigger_id: `trigger.${text}`,
});

describe('Socket Mode', () => {
  it('opens the connection through SLACK_API_URL with the app token, and is ready after hello', async () => {
    expect(channel.receiving()).toBe(false);
    await channel.start();
    expect(channel.receiving()).toBe(true);
    expect(socket.connections).toBe(1);
    expect(slack.callsOf('apps.connections.open')).toHaveLength(1);
    expect(slack.callsOf('auth.test')).toHaveLength(1);
  });

  it('acks slash command and interactive envelopes by envelope_id; the answers follow', async () => {
    await channel.start();
    const responseUrl = slack.responseUrl('r1');
    const command = socket.send('slash_commands', slashPayload('balance', responseUrl));
    const [ack] = await socket.waitForAck(command);
    expect(ack).toMatchObject({ envelope_id: command, connection: 1 });
    const answer = await slack.waitForCall('response_url', (c) => c.id === 'r1');
    expect(answer.body.text).toBe('ok: balance');
    expect(core.texts.map((t) => t.text)).toEqual(['balance']);

    core.outcomes.set('confirm:abc', { update: { text: 'Topped up.' } });
    const press = socket.send(
      'interactive',
      buttonPressPayload({ actionId: 'confirm:abc', responseUrl: slack.responseUrl('r2') }) as Record<
        string,
        unknown
      >,
    );
    await socket.waitForAck(press);
    await slack.waitForCall('response_url', (c) => c.id === 'r2');
    expect(core.actions.map((a) => a.actionId)).toEqual(['confirm:abc']);
  });

  it('a slash command while the provider backlog is full gets "busy, try again" at once and does not run', async () => {
    await channel.start();
    core.busy = () => true;
    const command = socket.send('slash_commands', slashPayload('balance', slack.responseUrl('rb')));
    await socket.waitForAck(command);
    const answer = await slack.waitForCall('response_url', (c) => c.id === 'rb');
    expect(answer.body).toMatchObject({ response_type: 'ephemeral' });
    expect(String(answer.body.text)).toMatch(/I am very busy right now, so I did not run that/);
    // Nobody seen yet, and no users.info while busy: in English and German together.
    expect(String(answer.body.text)).toContain(catalogues.de.busyTryAgain);
    expect(slack.callsOf('users.info')).toHaveLength(0);
    expect(core.texts).toEqual([]);
  });

  it('"busy, try again" speaks the language the directory has seen, and looks nobody up', async () => {
    await channel.start();
    const greta = (text: string, url: string) => ({ ...slashPayload(text, url), user_id: 'UDE' });
    socket.send('slash_commands', greta('help', slack.responseUrl('g1')));
    await slack.waitForCall('response_url', (c) => c.id === 'g1');
    const lookups = slack.callsOf('users.info').length;
    core.busy = () => true;
    socket.send('slash_commands', greta('balance', slack.responseUrl('g2')));
    const answer = await slack.waitForCall('response_url', (c) => c.id === 'g2');
    expect(answer.body).toMatchObject({ response_type: 'ephemeral', text: catalogues.de.busyTryAgain });
    expect(slack.callsOf('users.info')).toHaveLength(lookups);
  });

  it("malformed interactive envelopes are acked and refused by the HTTP receiver's shape check; the socket lives on", async () => {
    const warned: string[] = [];
    const log = () => {};
    channel = socketChannel({
      logger: {
        debug: log,
        info: log,
        error: log,
        warn: (_o: object, msg?: string) => warned.push(msg ?? ''),
      },
    });
    await channel.start();
    const bad = malformedSignedPayloads();
    for (const { payload } of bad) {
      const id = socket.send('interactive', payload as Record<string, unknown>);
      await socket.waitForAck(id);
    }
    expect(warned.filter((m) => m.startsWith('slack: malformed payload refused'))).toHaveLength(bad.length);
    expect(core.actions).toEqual([]);
    const press = buttonPressPayload({ actionId: 'c:1', responseUrl: slack.responseUrl('ok') });
    await socket.waitForAck(socket.send('interactive', press as Record<string, unknown>));
    // The ack comes first; the press then reaches the core.
    await vi.waitFor(() => expect(core.actions.map((a) => a.actionId)).toEqual(['c:1']));
  });

  it('a redelivered envelope is acked again but runs once', async () => {
    await channel.start();
    const id = socket.send('slash_commands', slashPayload('topup 1', slack.responseUrl('r3')));
    await socket.waitForAck(id);
    await slack.waitForCall('response_url', (c) => c.id === 'r3');
    socket.redeliver(id);
    await socket.waitForAck(id, 2);
    const next = socket.send('slash_commands', slashPayload('balance', slack.responseUrl('r4')));
    await socket.waitForAck(next);
    await slack.waitForCall('response_url', (c) => c.id === 'r4');
    expect(core.texts.map((t) => t.text)).toEqual(['topup 1', 'balance']);
  });

  it('disconnect refresh_requested: not ready while away, reconnects through a new URL, loses nothing', async () => {
    await channel.start();
    socket.refresh();
    // An envelope sent just after the disconnect notice may never be read by the closing socket.
    const during = socket.send('slash_commands', slashPayload('during refresh', slack.responseUrl('r5')));
    await socket.closed(1);
    expect(channel.receiving()).toBe(false);
    await socket.waitForConnections(2);
    expect(slack.callsOf('apps.connections.open')).toHaveLength(2);
    await socket.waitForAck(during);
    await slack.waitForCall('response_url', (c) => c.id === 'r5');
    await expect.poll(() => channel.receiving()).toBe(true);
    const after = socket.send('slash_commands', slashPayload('after refresh', slack.responseUrl('r6')));
    const [ack] = await socket.waitForAck(after);
    expect(ack?.connection).toBe(2);
    await slack.waitForCall('response_url', (c) => c.id === 'r6');
    expect(core.texts.map((t) => t.text)).toEqual(['during refresh', 'after refresh']);
  });

  it('stop() disconnects and is no longer ready', async () => {
    await channel.start();
    await channel.stop();
    expect(channel.receiving()).toBe(false);
    await socket.closed(1);
  });
});

describe('Socket Mode start failures', () => {
  it("apps.connections.open refused: start fails at once with Slack's error code", async () => {
    // This fake Web API has no Socket Mode URL to hand out: it refuses with invalid_auth.
    const refusing = await startFakeSlack({});
    const bad = createSlackChannel({
      core,
      botToken: 'xoxb-test',
      appToken: 'xapp-1-A1-test',
      apiUrl: refusing.apiUrl,
      dedupe: memoryDedupe(),
    });
    try {
      await expect(bad.start()).rejects.toMatchObject({
        name: 'SlackSetupError',
        method: 'apps.connections.open',
        slackError: 'invalid_auth',
      });
      expect(bad.receiving()).toBe(false);
      expect(refusing.callsOf('apps.connections.open')).toHaveLength(1);
    } finally {
      await bad.stop();
      await refusing.close();
    }
  });
});
