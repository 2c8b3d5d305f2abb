import { describe, expect, it } from 'vitest';
import { alice, authorizedClient, httpHarnessPerTest, resultText as textOf } from './http-harness.js';

const h = httpHarnessPerTest();

describe('a client over HTTP that cannot elicit (docs/mcp.md §4.2)', () => {
  it("the Confirm goes to the person's Telegram chat; pressed there, it runs once", async () => {
    const { client } = await authorizedClient(h, alice);
    const blocks = () => h.stack.sandbox.stats().handled['mycard-v2.blockcard'] ?? 0;
    const result = await client.callTool({
      name: 'card_block',
      arguments: { card_number: '+49 170 12345678' },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/sent the question to your private chat with the bot/);
    expect(h.chat(alice).at(-1)).toMatch(/block/i);
    expect(blocks()).toBe(0);
    await h.press(alice, 'Confirm');
    expect(h.chat(alice).join('\n')).toMatch(/blocked/i);
    expect(blocks()).toBe(1);
    await client.close();
  });
});
