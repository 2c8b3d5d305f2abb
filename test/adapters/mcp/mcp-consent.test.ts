import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingNotifier } from '../../helpers/recording-notifier.js';
import { type McpHarness, mcpUser, startMcp, textOf } from './mcp-harness.js';

const PIN = '1000000001';
let h: McpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('MCP writes are confirmed by the person (docs/mcp.md §4)', () => {
  it('asks a top-up through elicitation with the chat Confirm words: declined sends nothing, accepted sends once', async () => {
    h = await startMcp();
    const before = h.handled('topup');
    const declined = await h.client.callTool({ name: 'topup', arguments: { pin: PIN } });
    expect(h.asked).toHaveLength(1);
    expect(h.asked[0]?.message).toMatch(/^Top up your account with this PIN\? A PIN can be used only once\./);
    // One yes/no field: a form never asks for a secret (docs/mcp.md §4.1).
    const form = h.asked[0];
    expect(form && 'requestedSchema' in form ? form.requestedSchema : undefined).toEqual({
      type: 'object',
      properties: { confirm: expect.objectContaining({ type: 'boolean' }) },
      required: ['confirm'],
    });
    expect(textOf(declined)).toBe('Not confirmed: nothing was sent.');
    expect(h.handled('topup')).toBe(before);

    h.answer(() => ({ action: 'accept', content: { confirm: true } }));
    const accepted = await h.client.callTool({ name: 'topup', arguments: { pin: PIN } });
    expect(accepted.isError).toBeFalsy();
    expect(textOf(accepted)).toMatch(/New balance/);
    expect(h.handled('topup')).toBe(before + 1);
    // The PIN is never echoed: not in a form, not in a result.
    expect(JSON.stringify([h.asked, declined, accepted])).not.toContain(PIN);
  });

  it('an accepted form whose answer is "no" is no consent', async () => {
    h = await startMcp();
    h.answer(() => ({ action: 'accept', content: { confirm: false } }));
    const result = await h.client.callTool({ name: 'topup', arguments: { pin: PIN } });
    expect(textOf(result)).toBe('Not confirmed: nothing was sent.');
    expect(h.handled('topup')).toBe(0);
  });

  it('a confirmation answered after it expired sends nothing', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    h = await startMcp({ clock: () => now });
    h.answer(() => {
      now = new Date(now.getTime() + 24 * 3600_000);
      return { action: 'accept', content: { confirm: true } };
    });
    const result = await h.client.callTool({ name: 'topup', arguments: { pin: PIN } });
    expect(h.handled('topup')).toBe(0);
    expect(textOf(result)).toMatch(/expired/i);
  });

  it('without elicitation and without a private chat, refuses and says why; nothing is sent', async () => {
    h = await startMcp({ elicitation: false });
    const result = await h.client.callTool({ name: 'topup', arguments: { pin: PIN } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/cannot ask for it and I have no private chat/);
    expect(h.handled('topup')).toBe(0);
  });

  it('without elicitation, the Confirm goes to the private chat through the core’s road out, and the tool says it waits there', async () => {
    h = await startMcp({ elicitation: false, roadOut: true });
    // The person's platform runs a channel here: the road out reaches their private chat on it.
    const chat = createRecordingNotifier(mcpUser.platform);
    h.stack.proactive.attach(chat);
    const result = await h.client.callTool({
      name: 'card_block',
      arguments: { card_number: '+49 170 12345678' },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/sent the question to your private chat with the bot/);
    expect(chat.sent.map((s) => s.to)).toEqual([
      { platform: mcpUser.platform, tenant: '', kind: 'user', user: mcpUser.user },
    ]);
    const confirm = chat.sent.flatMap((s) => s.reply.actions ?? []).find((a) => a.label === 'Confirm');
    expect(confirm).toBeDefined();
    expect(h.handled('mycard-v2.blockcard')).toBe(0);
    // The person presses Confirm in that chat: the core runs it then, as for any chat press.
    const pressed = await h.stack.core.handleAction({
      identity: mcpUser,
      chat: { id: mcpUser.user, kind: 'private' },
      actionId: confirm!.actionId,
    });
    expect(pressed.update?.text).toMatch(/blocked/);
    expect(h.handled('mycard-v2.blockcard')).toBe(1);
  });

  it('without elicitation, Cancel pressed in the private chat, or the question expired there: nothing is sent', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    h = await startMcp({ elicitation: false, roadOut: true, clock: () => now });
    const chat = createRecordingNotifier(mcpUser.platform);
    h.stack.proactive.attach(chat);
    const before = h.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0;
    const button = (label: string) =>
      chat.sent.flatMap((s) => s.reply.actions ?? []).findLast((a) => a.label === label)!.actionId;
    const press = (actionId: string) =>
      h!.stack.core.handleAction({
        identity: mcpUser,
        chat: { id: mcpUser.user, kind: 'private' },
        actionId,
      });
    await h.client.callTool({ name: 'card_block', arguments: { card_number: '+49 170 12345678' } });
    await press(button('Cancel'));
    await h.client.callTool({ name: 'card_block', arguments: { card_number: '+49 170 12345678' } });
    now = new Date(now.getTime() + 24 * 3600_000);
    const late = await press(button('Confirm'));
    expect(late.notice ?? late.update?.text).toMatch(/expired/i);
    expect(h.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0).toBe(before);
  });

  it('without elicitation, when no channel of the person’s platform runs here, refuses and says why; nothing is sent', async () => {
    h = await startMcp({ elicitation: false, roadOut: true });
    const result = await h.client.callTool({ name: 'topup', arguments: { pin: PIN } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/I have no private chat with you to ask in/);
    expect(h.stack.sandbox.stats().received.topup ?? 0).toBe(0);
  });
});

describe('MCP writes keep the money guard (docs/money-guard.md)', () => {
  it('a call above the price ceiling is refused before anything is sent, as in chat', async () => {
    h = await startMcp();
    h.answer(() => ({ action: 'accept', content: { confirm: true } }));
    const set = await h.client.callTool({ name: 'limit', arguments: { kind: 'price', amount: '0.001' } });
    expect(set.isError).toBeFalsy();
    const call = await h.client.callTool({
      name: 'call',
      arguments: { a: '+49 30 1234567', b: '+1 212 555 0100' },
    });
    expect(textOf(call)).toMatch(/above the price ceiling .* Nothing was sent/);
    expect(JSON.stringify(h.stack.sandbox.stats().handled)).not.toMatch(/trycallback|callback/);
  });
});
