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
    h.stack.stores.dedupe.claim = async () => {
      throw Object.assign(new Error('store down'), { code: 'ERR_STORE_UNAVAILABLE' });
    };
    const result = await h.client.callTool({ name: 'balance', arguments: {} });
    expect(result.isError).toBe(true);
    // In every language the bot speaks: the store that keeps `/language` is the one down.
    expect(textOf(result)).toContain(en.storeUnavailable);
    expect(providerCalls(h)).toBe(before);
  });
});
