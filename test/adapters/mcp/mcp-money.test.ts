import { afterEach, describe, expect, it } from 'vitest';
import { type McpHarness, startMcp, textOf } from './mcp-harness.js';

/**
 * The money promises over MCP (docs/money-guard.md §1, docs/reliability.md §3), where a press is the
 * answer to the elicitation form: a never-retry operation is never resent, not by the bot and not by a
 * client re-sending its request; an outcome the provider did not tell is reported as unknown, with
 * the read that reconciles it; a spend limit refuses a call before anything is sent.
 */

let h: McpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const accept = (x: McpHarness) => x.answer(() => ({ action: 'accept', content: { confirm: true } }));

describe('money promises over MCP', () => {
  it('a top-up without an answer is unknown, names the read that reconciles it, and is never resent', async () => {
    h = await startMcp({ env: { TELEPHONY_TIMEOUT_MS: '1000' } });
    accept(h);
    h.stack.sandbox.setFaults({ routes: { topup: { latencyMs: 3000 } } });
    const result = await h.client.callTool({ name: 'topup', arguments: { pin: '1000000001' } });
    expect(textOf(result)).toMatch(/do not know whether it happened; I did not retry\. Check \/?balance/);
    expect(h.stack.sandbox.stats().received.topup).toBe(1);
    // The client re-sends the same request (it lost the answer): told, and nothing is sent again.
    const again = await h.resend();
    expect(textOf(again)).toMatch(/run a request once/);
    expect(h.stack.sandbox.stats().received.topup).toBe(1);
    // The read it names reconciles: the top-up did go through.
    h.stack.sandbox.clearFaults();
    expect(textOf(await h.client.callTool({ name: 'balance', arguments: {} }))).toMatch(/28\.40/);
  });

  it('a spend limit with less than a minute left refuses a call before anything is sent', async () => {
    h = await startMcp();
    accept(h);
    const set = await h.client.callTool({ name: 'limit', arguments: { kind: 'daily', amount: '0.01' } });
    expect(set.isError).toBeFalsy();
    const call = await h.client.callTool({
      name: 'call',
      arguments: { a: '+49 30 1234567', b: '+1 212 555 0100' },
    });
    expect(call.isError).toBe(true);
    expect(textOf(call)).toMatch(/limit/i);
    expect(h.asked.filter((a) => /call/i.test(a.message))).toHaveLength(0);
    expect(JSON.stringify(h.stack.sandbox.stats().received)).not.toMatch(/trycallback/);
  });
});
