import { afterEach, describe, expect, it } from 'vitest';
import { catalogues } from '../../../src/core/messages.js';
import { type McpHarness, startMcp, textOf } from './mcp-harness.js';

/**
 * Each tool call enters through the core's door (docs/mcp.md §1.1, docs/architecture.md §3.1),
 * claimed by its JSON-RPC request id in its connection. The contract's intake rows
 * (test/contract/intake.ts) hold the rest: store down, busy, an internal failure.
 */

const { en } = catalogues;

/** Every request that reached an operation's logic in the sandbox. */
const providerCalls = (x: McpHarness) =>
  Object.values(x.stack.sandbox.stats().handled).reduce((a, b) => a + b, 0);

let h: McpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('MCP at the door', () => {
  it('a re-sent request runs once and is told so, as a tool error', async () => {
    h = await startMcp();
    await h.client.callTool({ name: 'balance', arguments: {} });
    const before = providerCalls(h);
    const again = (await h.resend()) as { isError?: boolean };
    expect(again.isError).toBe(true);
    expect(textOf(again)).toBe(en.assistant.alreadyReceived);
    expect(providerCalls(h)).toBe(before);
  });

  it('a new connection, whose request ids start again, is not taken for the last one', async () => {
    h = await startMcp();
    await h.client.callTool({ name: 'balance', arguments: {} });
    const other = await h.connectAgain();
    const result = await other.callTool({ name: 'balance', arguments: {} });
    expect(textOf(result)).toMatch(/Balance/);
    expect(textOf(result)).not.toContain(en.assistant.alreadyReceived);
  });

  it('while the store cannot be reached, the tool says so and nothing runs', async () => {
    h = await startMcp();
    const before = providerCalls(h);
    const down = async () => {
      throw Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });
    };
    // The whole store: a stdio connection claims in memory, and meets the outage at the core's first read.
    h.stack.stores.dedupe.claim = down;
    h.stack.stores.rateLimit.hit = down;
    h.stack.stores.credentials.get = down;
    const result = await h.client.callTool({ name: 'balance', arguments: {} });
    // In every language the bot speaks: the store that keeps `/language` is the one down.
    expect(textOf(result)).toContain(en.storeUnavailable);
    expect(providerCalls(h)).toBe(before);
  });

  it('a connection without a session (stdio) claims its request ids in this process: no store write per call', async () => {
    h = await startMcp();
    let claims = 0;
    const claim = h.stack.stores.dedupe.claim.bind(h.stack.stores.dedupe);
    h.stack.stores.dedupe.claim = (key, ttl) => {
      claims += 1;
      return claim(key, ttl);
    };
    for (let i = 0; i < 3; i++) await h.client.callTool({ name: 'balance', arguments: {} });
    expect(claims).toBe(0);
    // Still once: the re-sent request is told, and nothing runs again.
    const before = providerCalls(h);
    expect(textOf(await h.resend())).toBe(en.assistant.alreadyReceived);
    expect(providerCalls(h)).toBe(before);
  });
});
