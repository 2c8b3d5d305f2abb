import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthServer, type HealthServer } from '../../src/bots/health-server.js';
import { createBotMetrics } from '../../src/bots/metrics.js';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';

/**
 * `/metrics` (docs/operations.md §7): the real stack (sandbox on 127.0.0.1, the core, the client)
 * with its metrics mounted on the bot's HTTP server as `npm start` mounts them, scraped over HTTP.
 */
const identity: Identity = { platform: 'telegram', tenant: '', user: 'metrics-user', displayName: 'M' };
const chat: ChatRef = { id: 'metrics-chat', kind: 'private' };

/** `name{labels} value` lines of the text exposition format, as a map. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    found.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return found;
}

describe('/metrics', () => {
  let stack: TestStack;
  let health: HealthServer;
  let depth = 3;

  beforeAll(async () => {
    // Two commands a minute: the third is refused by the rate limit.
    stack = await createTestStack({
      env: { RATE_LIMIT_PER_MINUTE: '2' },
      metrics: createBotMetrics({ processMetrics: false }),
    });
    health = createHealthServer({ port: 0, host: '127.0.0.1' });
    health.mount('/metrics', stack.metrics.handler, { maxBodyBytes: 0 });
    stack.metrics.setStoreCheck('memory', () => stack.stores.reachable());
    stack.metrics.addQueueDepth('alerts', () => depth);
    stack.metrics.addQueueDepth('broken', () => {
      throw new Error('queue unreachable');
    });
    await health.listen();
    await stack.linkDemo(identity);
    for (const text of ['/balance', '/rate +49 30 1234567', '/balance'])
      await stack.core.handleText({ identity, chat, text });
    // Someone else types their password as if it were a command: an unknown command.
    const other: Identity = { ...identity, user: 'metrics-other' };
    await stack.core.handleText({ identity: other, chat, text: '/Hunter2-secret' });
  });
  afterAll(async () => {
    await health.close();
    await stack.close();
  });

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${health.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    return { text: await res.text() };
  };

  it('counts commands by name and outcome, and the rate limit refusals', async () => {
    const { text } = await scrape();
    const m = samples(text);
    expect(
      m.get(
        'telephony_bot_commands_total{kind="command",platform="telegram",command="balance",outcome="ok"}',
      ),
    ).toBe(1);
    expect(
      m.get('telephony_bot_commands_total{kind="command",platform="telegram",command="rate",outcome="ok"}'),
    ).toBe(1);
    expect(
      [...m].filter(
        ([k]) => k.startsWith('telephony_bot_commands_total') && k.includes('outcome="rate-limited"'),
      ),
    ).toHaveLength(1);
    expect(m.get('telephony_bot_rate_limited_total{platform="telegram"}')).toBe(1);
  });

  it('labels an unknown command as unknown, never with the words typed', async () => {
    const { text } = await scrape();
    expect(text.toLowerCase()).not.toContain('hunter2');
    expect(
      samples(text).get(
        'telephony_bot_commands_total{kind="command",platform="telegram",command="unknown",outcome="unknown-command"}',
      ),
    ).toBe(1);
  });

  it('counts provider calls by operation and outcome, with a latency histogram', async () => {
    const m = samples((await scrape()).text);
    const ok = [...m].filter(
      ([k]) => k.startsWith('telephony_bot_provider_requests_total{') && k.includes('outcome="ok"'),
    );
    expect(ok.map(([k]) => /operation="([^"]+)"/.exec(k)?.[1])).toEqual(
      expect.arrayContaining(['account', 'rates']),
    );
    const count = m.get('telephony_bot_provider_request_duration_seconds_count{operation="account"}');
    expect(count).toBe(m.get('telephony_bot_provider_requests_total{operation="account",outcome="ok"}'));
    expect(
      m.get('telephony_bot_provider_request_duration_seconds_bucket{le="+Inf",operation="account"}'),
    ).toBe(count);
  });

  it('a provider refusal is counted under its error code', async () => {
    const client = stack.clientFactory({ account: { username: 'demo', password: 'wrong' } });
    await expect(client.account()).rejects.toMatchObject({ code: 'TEL_AUTH' });
    const m = samples((await scrape()).text);
    expect(m.get('telephony_bot_provider_requests_total{operation="account",outcome="TEL_AUTH"}')).toBe(1);
  });

  it('queue depths come from the registered sources at scrape time; a failing one is left out', async () => {
    expect(samples((await scrape()).text).get('telephony_bot_queue_depth{queue="alerts"}')).toBe(3);
    depth = 7;
    const m = samples((await scrape()).text);
    expect(m.get('telephony_bot_queue_depth{queue="alerts"}')).toBe(7);
    expect([...m.keys()].some((k) => k.includes('queue="broken"'))).toBe(false);
  });

  it('store health, and no user, chat or number in any label', async () => {
    const { text } = await scrape();
    expect(samples(text).get('telephony_bot_store_up{store="memory"}')).toBe(1);
    expect(text).not.toMatch(/metrics-user|metrics-chat|4930|demo/);
  });

  it('a histogram of command latency by command, channel and outcome; an unknown command is `unknown`', async () => {
    const m = samples((await scrape()).text);
    const count = (labels: string) => m.get(`telephony_command_duration_seconds_count{${labels}}`);
    expect(count('command="balance",channel="telegram",outcome="ok"')).toBe(1);
    expect(count('command="rate",channel="telegram",outcome="ok"')).toBe(1);
    expect(count('command="unknown",channel="telegram",outcome="unknown-command"')).toBe(1);
    expect(
      m.get(
        'telephony_command_duration_seconds_bucket{le="+Inf",command="balance",channel="telegram",outcome="ok"}',
      ),
    ).toBe(1);
  });

  it("provider errors are counted by operation and the provider's own code", async () => {
    const m = samples((await scrape()).text);
    const refused = [...m].filter(([k]) =>
      k.startsWith('telephony_provider_errors_total{operation="account",code="'),
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]![0]).toMatch(/code="\d+"/);
    expect(refused[0]![1]).toBe(1);
  });

  it('platform API errors are counted by platform, method and code', async () => {
    stack.metrics.platformApiError({ platform: 'telegram', method: 'sendMessage', code: '429' });
    stack.metrics.platformApiError({
      platform: 'slack',
      method: 'chat.postMessage',
      code: 'channel_not_found',
    });
    const m = samples((await scrape()).text);
    expect(
      m.get('telephony_platform_errors_total{platform="telegram",method="sendMessage",code="429"}'),
    ).toBe(1);
    expect(
      m.get(
        'telephony_platform_errors_total{platform="slack",method="chat.postMessage",code="channel_not_found"}',
      ),
    ).toBe(1);
  });

  it('the build info names the version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(samples((await scrape()).text).get(`telephony_bot_build_info{version="${version}"}`)).toBe(1);
  });

  it('answers GET and HEAD only', async () => {
    const res = await fetch(`http://127.0.0.1:${health.port}/metrics`, { method: 'POST', body: '' });
    expect(res.status).toBe(405);
  });
});
