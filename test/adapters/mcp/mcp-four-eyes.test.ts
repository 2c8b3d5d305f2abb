import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '../../../src/core/identity.js';
import { createRecordingNotifier, type RecordingNotifier } from '../../helpers/recording-notifier.js';
import { type McpHarness, startMcp, textOf } from './mcp-harness.js';

/**
 * Four-eyes through MCP (docs/mcp.md §4.4, docs/money-guard.md §2): a token acts for a person; a tool
 * option names a support channel they are an agent of, and that channel's policy runs there, its
 * request posted in the channel through the core's road out as a typed request's would be.
 */

const CARD = '+4917012345678';
const SUPPORT = 'C0SUPPORT';
const person = (user: string): Identity => ({ platform: 'slack', tenant: 'T1', user, displayName: user });
const admin = person('UADMIN');
const agent = person('UAGENT');
const approver = person('UAPPROVER');
const stranger = person('USTRANGER');
const inChannel = (userIsAdmin = false) => ({ id: SUPPORT, kind: 'shared' as const, userIsAdmin });

let h: McpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The MCP server acting for `who`, beside a support channel on their platform whose policy holds card blocks. */
async function teamOf(
  who: Identity,
  link = false,
): Promise<{ h: McpHarness; slack: RecordingNotifier; setup: Record<string, number> }> {
  const harness = await startMcp({ identity: who, roadOut: true, link });
  const slack = createRecordingNotifier('slack');
  harness.stack.proactive.attach(slack);
  const { core } = harness.stack;
  await core.setupSupportChannel({
    identity: admin,
    chat: inChannel(true),
    account: { username: 'demo', password: 'demo' },
    card: { username: 'cards', password: 'cards' },
    agents: [agent.user, approver.user],
  });
  await core.handleText({ identity: admin, chat: inChannel(true), text: '/approvals on card block' });
  return { h: harness, slack, setup: { ...harness.stack.sandbox.stats().received } };
}

/** What reached the provider after the set-up's own reads (its credentials checked once). */
const sentSince = (harness: McpHarness, setup: Record<string, number>) =>
  Object.entries(harness.stack.sandbox.stats().received).filter(([op, n]) => n !== setup[op]);

const blocks = (harness: McpHarness) => harness.stack.sandbox.stats().received['mycard-v2.blockcard'] ?? 0;

describe('four-eyes through MCP (docs/mcp.md §4.4)', () => {
  it('an agent naming the support channel: its policy holds the block and the request is posted there; an approver’s press runs it', async () => {
    const team = await teamOf(agent);
    h = team.h;
    const { tools } = await h.client.listTools();
    const schema = tools.find((t) => t.name === 'card_block')?.inputSchema;
    expect(schema?.properties).toHaveProperty('support_channel');
    const result = await h.client.callTool({
      name: 'card_block',
      arguments: { card_number: CARD, support_channel: SUPPORT },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/asks to block the card/);
    expect(textOf(result)).toMatch(/posted this in the support channel/);
    // Held: no elicitation, nothing sent; the request is in the channel with Approve and Refuse.
    expect(h.asked).toHaveLength(0);
    expect(blocks(h)).toBe(0);
    const posted = team.slack.sent.find((s) => s.to.kind === 'chat');
    expect(posted?.to).toMatchObject({ platform: 'slack', tenant: 'T1', kind: 'chat', chatId: SUPPORT });
    const approve = posted?.reply.actions?.find((a) => a.label === 'Approve');
    expect(approve).toBeDefined();
    // A second agent approves in the channel, the role read at the press: the block runs once.
    const pressed = await h.stack.core.handleAction({
      identity: approver,
      chat: inChannel(),
      actionId: approve!.actionId,
    });
    expect(pressed.update?.text ?? '').toMatch(/Approved by/);
    expect(blocks(h)).toBe(1);
    // The posted request was tracked where it landed, so an expiry edits it in place.
    const stored = [];
    for await (const r of h.stack.stores.guard.approvals.list()) stored.push(r);
    expect(stored.map((r) => r.message)).toEqual([posted?.message]);
  });

  it('someone who is not an agent of the named channel is refused in words; nothing is posted or sent', async () => {
    const team = await teamOf(stranger);
    h = team.h;
    const result = await h.client.callTool({
      name: 'card_block',
      arguments: { card_number: CARD, support_channel: SUPPORT },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/only its agents can run commands here/);
    expect(team.slack.sent).toHaveLength(0);
    expect(h.asked).toHaveLength(0);
    expect(blocks(h)).toBe(0);
    expect(sentSince(h, team.setup)).toEqual([]);
  });

  it('a chat that is no support channel is refused too: nobody is known to be there', async () => {
    // Linked: without the rule, the balance would be read on their own account in that chat.
    const team = await teamOf(agent, true);
    h = team.h;
    const result = await h.client.callTool({
      name: 'balance',
      arguments: { support_channel: 'C0SOMEGROUP' },
    });
    expect(result.isError).toBe(true);
    expect(team.slack.sent).toHaveLength(0);
    expect(sentSince(h, team.setup)).toEqual([]);
  });

  it('on the person’s own accounts the tool says approvals do not apply', async () => {
    h = await startMcp({ identity: agent });
    h.answer(() => ({ action: 'accept', content: { confirm: true } }));
    const result = await h.client.callTool({ name: 'card_block', arguments: { card_number: CARD } });
    expect(textOf(result)).toMatch(/blocked/);
    expect(textOf(result)).toMatch(/your own accounts, where approvals do not apply/);
  });
});
