import { afterEach, describe, expect, it } from 'vitest';
import { commandRef } from '../../../src/core/command-spec.js';
import { type McpHarness, mcpUser, startMcp, textOf } from './mcp-harness.js';

let h: McpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('MCP tools from the command table (docs/mcp.md §2)', () => {
  it('lists one tool per command or per subcommand that differs in effect, with derived hints', async () => {
    h = await startMcp();
    const { tools } = await h.client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const notTool of ['start', 'menu', 'help', 'cancel', 'link', 'team', 'groupdata'])
      expect(byName.has(notTool)).toBe(false);
    expect(byName.get('balance')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('card_show')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('card_block')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(byName.get('topup')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(byName.get('language')?.annotations).toMatchObject({ openWorldHint: false });
    expect(byName.get('rate')?.inputSchema).toMatchObject({
      type: 'object',
      required: ['numbers'],
      properties: { numbers: { type: 'array', minItems: 1, maxItems: 20 } },
    });
  });

  it('answers the balance as text and as typed values, money in minor units with its currency', async () => {
    h = await startMcp();
    const result = await h.client.callTool({ name: 'balance', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/Balance/);
    const [reply] = (result.structuredContent as { replies: { fields: { money?: unknown }[] }[] }).replies;
    const money = reply?.fields.find((f) => f.money)?.money;
    expect(money).toMatchObject({ minor: expect.stringMatching(/^-?\d+$/), currency: 'EUR' });
  });

  it('prices three numbers as a table whose price column is typed money', async () => {
    h = await startMcp();
    const result = await h.client.callTool({
      name: 'rate',
      arguments: { numbers: ['+49 30 1234567', '+44 20 7946 0000', '+1 212 555 0100'] },
    });
    expect(result.isError).toBeFalsy();
    const table = (
      result.structuredContent as {
        replies: { table?: { columns: { type: string }[]; rows: unknown[][] } }[];
      }
    ).replies[0]?.table;
    expect(table?.columns.map((c) => c.type)).toEqual(['text', 'text', 'text', 'money']);
    expect(table?.rows.length).toBe(3);
    expect(table?.rows[0]?.[3]).toMatchObject({ minor: expect.stringMatching(/^\d+$/), currency: 'EUR' });
  });

  it('never gives a SIP password to the assistant: it says where to read it', async () => {
    h = await startMcp();
    // What the chat would show its owner privately: the passwords the tool must not hold.
    const inChat = await h.stack.core.runCommand({
      identity: mcpUser,
      chat: { id: 'dm', kind: 'private' },
      command: commandRef('lines'),
      args: [],
    });
    const secrets = inChat.filter((r) => r.visibility === 'secret').flatMap((r) => r.fields ?? []);
    expect(secrets.length).toBeGreaterThan(0);
    const result = await h.client.callTool({ name: 'lines', arguments: {} });
    const all = JSON.stringify(result);
    expect(textOf(result)).toMatch(/never given to an assistant; read it in your private chat/);
    for (const f of secrets) expect(all).not.toContain(f.value);
    expect(all).not.toMatch(/Password/);
  });
});
