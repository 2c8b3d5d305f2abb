import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { resolveRoute } from '../../src/sandbox/routes.js';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { type ConsoleHarness, startConsole } from '../adapters/console/console-harness.js';
import { createRedisGate, type RedisGate } from '../helpers/redis-gate.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';

/**
 * A Redis outage that starts while a never-retry operation is at the provider (the soak's
 * mismatch): the provider applies it and answers, and from that moment every store write fails.
 * The user must still hear "done", or they would do it again (a second top-up, a second call).
 * Real redis-server behind a TCP gate, cut exactly when the provider's answer is on its way back;
 * the console channel, core, client and sandbox are the real ones.
 */
describe.skipIf(redisSkipped)('Redis cut while the provider applies a never-retry operation', () => {
  let redis: RedisServer;
  let gate: RedisGate;
  let sandbox: Sandbox;
  let proxy: Server;
  let kv: KeyValueStore;
  let console_: ConsoleHarness;
  /** The operation whose answer cuts Redis before it reaches the bot; then cleared. */
  let cutOn: string | undefined;

  beforeAll(async () => {
    redis = await startRedisServer();
    gate = await createRedisGate(redis.port);
    sandbox = createSandbox();
    await sandbox.listen({ port: 0 });
    proxy = await cuttingProxy(new URL(sandbox.url), async (op) => {
      if (op !== cutOn) return;
      cutOn = undefined;
      await gate.cut();
    });
    const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    kv = await createRedisKeyValueStore({ url: gate.url, prefix: `cut-${randomBytes(4).toString('hex')}:` });
    console_ = await startConsole({
      sharedSandbox: sandbox,
      kv,
      env: { TELEPHONY_BASE_URL: url, TELEPHONY_CARD_URL: `${url}/api/rest/v2/` },
    });
  });
  afterAll(async () => {
    await console_?.close();
    await new Promise((resolve) => proxy?.close(resolve));
    await sandbox?.close();
    await gate?.close();
    await redis?.stop();
  });

  /** Types `lines` with Redis up, then `last` (its confirmation too) with Redis cut at `op`'s answer. */
  async function cutDuring(op: string, last: string): Promise<string> {
    await gate.restore();
    while (!kv.reachable?.()) await new Promise((r) => setTimeout(r, 20));
    const before = sandbox.stats().handled[op] ?? 0;
    let answer = await console_.say(last);
    const confirm = /\[(\d+)\] Confirm/.exec(answer)?.[1];
    cutOn = op;
    if (confirm) answer = await console_.say(confirm);
    else throw new Error(`no confirmation for ${last}: ${answer}`);
    expect(cutOn, `${op} reached the provider`).toBeUndefined();
    expect(kv.reachable?.()).toBe(false);
    expect(sandbox.stats().handled[op]).toBe(before + 1);
    return answer;
  }

  /** Types a line that runs at once (no confirmation), with Redis cut at `op`'s answer. */
  async function cutOnLine(op: string, line: string): Promise<string> {
    await gate.restore();
    while (!kv.reachable?.()) await new Promise((r) => setTimeout(r, 20));
    const before = sandbox.stats().handled[op] ?? 0;
    cutOn = op;
    const answer = await console_.say(line);
    expect(cutOn, `${op} reached the provider`).toBeUndefined();
    expect(sandbox.stats().handled[op]).toBe(before + 1);
    return answer;
  }

  it('a top-up is reported done', async () => {
    expect(await cutDuring('topup', '/topup 1000000001')).toMatch(/Topped up\./);
  });

  it('a call is reported ringing, and its hang-up stopped', async () => {
    const answer = await cutOnLine('webcallback.trycallback', '/call +4930123456 +4917611111111');
    expect(answer).toMatch(/Calling \+/);
    // Its Hang up button needs the store, so it may be missing; the id in the reply still works.
    const callId = /Call id:\s*(\S+)/.exec(answer)?.[1];
    expect(callId, answer).toBeDefined();
    expect(await cutOnLine('webcallback.stopcallback', `/hangup ${callId}`)).toMatch(
      /The call was stopped\./,
    );
  });

  it('a stored A/B pair is reported stored', async () => {
    expect(await cutDuring('onlinecallthrough.store', '/target +4930123456 +4917622222222')).toMatch(
      /Stored: calls from/,
    );
  });

  it("a card's whole life is reported as done, step by step", async () => {
    const created = await cutDuring('mycard-v2.insert', '/card create +4917033333333 5 Cut');
    expect(created).toMatch(/: created\./);
    const pin = /PIN:\s*(\d+)/.exec(created)?.[1];
    expect(await cutDuring('mycard-v2.blockcard', '/card block +4917033333333')).toMatch(/: blocked\./);
    expect(await cutDuring('mycard-v2.unblockcard', '/card unblock +4917033333333')).toMatch(/: unblocked\./);
    if (pin)
      expect(await cutOnLine('mycard-v2.activateMyCard', `/card activate +4917033333333 ${pin}`)).toMatch(
        /: activated\./,
      );
    expect(
      await cutDuring('mycard-v2.changeCliByNumber', '/card renumber +4917033333333 +4917044444444'),
    ).toMatch(/: renumbered\./);
    expect(await cutDuring('mycard-v2.disableCliByNumber', '/card disable +4917044444444')).toMatch(
      /: disabled\./,
    );
  });
});

/**
 * A pass-through proxy in front of the sandbox that calls `answered(op)` once the sandbox has
 * answered a request, before the answer is passed on: the provider has acted, the bot has not heard.
 */
async function cuttingProxy(upstream: URL, answered: (op: string) => Promise<void>): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = new URL(req.url ?? '/', 'http://proxy');
      const form = new URLSearchParams(req.method === 'POST' ? body.toString('utf8') : '');
      const route = resolveRoute(req.method ?? 'GET', target.pathname, target.searchParams, form);
      const op = route.kind === 'operation' ? route.spec.name : '';
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (up) => {
          const parts: Buffer[] = [];
          up.on('data', (c: Buffer) => parts.push(c));
          up.on('end', async () => {
            await answered(op);
            res.writeHead(up.statusCode ?? 502, up.headers);
            res.end(Buffer.concat(parts));
          });
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
