import { afterEach, describe, expect, it } from 'vitest';
import { type McpHarness, startMcp, textOf } from './mcp-harness.js';

let h: McpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const providerCalls = (x: McpHarness) =>
  Object.values(x.stack.sandbox.stats().received).reduce((a, b) => a + b, 0);

describe('MCP bad input: a tool error naming the fix with an example, and no provider call (docs/mcp.md §5)', () => {
  const cases: [string, string, unknown, RegExp][] = [
    [
      'an unknown tool',
      'ballance',
      {},
      /There is no tool "ballance"\. Did you mean balance\? List the tools first; for example call balance \{\}/,
    ],
    [
      'a string for a list',
      'rate',
      { numbers: '+49 30 1234567' },
      /"numbers" must be a list of texts, e\.g\. \{"numbers": \["\+49 30 1234567"\]\}/,
    ],
    ['a missing field', 'check', {}, /"number" is missing; give it, e\.g\. \{"number": "\+49 30 1234567"\}/],
    [
      'an unknown field',
      'balance',
      { account: 'x' },
      /"account" is not an argument of this tool; it takes no arguments/,
    ],
    ['a number for a text', 'card_block', { card_number: 4917012345678 }, /"card_number" must be text/],
    ['a choice not offered', 'language', { language: 'fr' }, /"language" must be one of en, de/],
    [
      'a national number',
      'rate',
      { numbers: ['030 1234567'] },
      /starts with a single 0, so it has no country code/,
    ],
    ['a short PIN', 'topup', { pin: '12' }, /A PIN is 4 to 32 digits, e\.g\. 12345678/],
    // Over stdio alone there is no PIN page (docs/mcp.md §4.5): the chat, or the argument.
    [
      'no PIN, no page',
      'topup',
      {},
      /never typed to an assistant here[\s\S]*Run \/topup in your private chat/,
    ],
  ];
  it.each(cases)('%s', async (_what, name, args, fix) => {
    h = await startMcp();
    const before = providerCalls(h);
    const result = await h.client.callTool({ name, arguments: args as Record<string, unknown> });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(fix);
    expect(providerCalls(h)).toBe(before);
    expect(h.asked).toHaveLength(0);
  });

  it('answers in the user’s language (German from LANG)', async () => {
    h = await startMcp({ locale: 'de-DE' });
    const unknown = await h.client.callTool({ name: 'ballance', arguments: {} });
    expect(textOf(unknown)).toMatch(/^Es gibt kein Werkzeug „ballance“\. Meinten Sie balance\?/);
    const wrong = await h.client.callTool({ name: 'rate', arguments: { numbers: '+49 30 1234567' } });
    expect(textOf(wrong)).toMatch(/„numbers“ muss eine Liste von Texten sein/);
    const { tools } = await h.client.listTools();
    expect(tools.find((t) => t.name === 'balance')?.description).toMatch(/Guthaben/);
    // The core's answers too: the same commands, in the user's language.
    expect(textOf(await h.client.callTool({ name: 'balance', arguments: {} }))).toMatch(/Guthaben/);
  });
});
