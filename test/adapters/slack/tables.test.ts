import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tableText } from '../../helpers/block-kit.js';
import { buttonPressPayload, type SlackCall, TABLES_REFUSED } from '../../helpers/fake-slack.js';
import { seedWithCalls } from '../../helpers/seed-with-calls.js';
import { createTestStack, type TestStack } from '../../helpers/stack.js';
import { recordingLogger, type SlackHarness, startHarness } from './harness.js';

/**
 * Native tables on Slack, end to end: real bolt, the real core and sandbox, and the fake Web API,
 * which checks the table block against its documented limits (test/helpers/block-kit.ts).
 */
let stack: TestStack;
/** The core's log lines: the road out, not the adapter, decides and says that the text form follows. */
let coreLines: string[];
let h: SlackHarness;
let logger: ReturnType<typeof recordingLogger>;

beforeEach(async () => {
  const now = Date.now();
  coreLines = [];
  const coreLogger = pino({ level: 'warn' }, { write: (line: string) => void coreLines.push(line) });
  stack = await createTestStack({
    clock: () => new Date(now),
    sandbox: { data: seedWithCalls(45) },
    logger: coreLogger,
  });
  logger = recordingLogger();
  h = await startHarness(stack.core, { users: [{ id: 'U1', name: 'alice', tz: 'UTC' }] }, { logger });
  await stack.linkDemo({ platform: 'slack', tenant: 'T1', user: 'U1' });
});

afterEach(async () => {
  await h.close();
  await stack.close();
});

type Block = { type: string; elements?: { action_id?: string }[] };
const blocksOf = (call: SlackCall) => (call.body.blocks ?? []) as Block[];
const tableOf = (call: SlackCall) => blocksOf(call).find((b) => b.type === 'table');
const pageButton = (call: SlackCall, label: RegExp) =>
  blocksOf(call)
    .flatMap((b) => (b.type === 'actions' ? (b.elements ?? []) : []))
    .map((e) => e.action_id ?? '')
    .find((id) => label.test(id))!;

describe('call records as a Slack table block', () => {
  it('pages 45 records as tables of 20 rows under a header, each page replacing the last', async () => {
    const { responseId } = await h.command('cdrs 7d today 500');
    const [first] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === responseId);
    // `PRINT_TRANSCRIPT=1` prints the blocks as Slack received them, for the README and the closing note.
    if (process.env.PRINT_TRANSCRIPT) console.log(JSON.stringify(first!.body.blocks, null, 2));
    const rows = tableText(tableOf(first!)).split('\n');
    expect(rows[0]).toBe('Date | Number | Destination | Duration | Amount');
    expect(rows).toHaveLength(21);
    expect(JSON.stringify(first!.body.blocks)).toContain('Page 1 of 3');
    // The zone the times are in stays with every page, beside the page counter.
    expect(JSON.stringify(first!.body.blocks)).toContain('Times in UTC.');

    const responseUrl = h.slack.responseUrl('page3');
    await h.interact(buttonPressPayload({ actionId: pageButton(first!, /^p:.*:1$/), responseUrl }));
    const [page2] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === 'page3');
    expect(page2!.body.replace_original).toBe(true);
    expect(tableText(tableOf(page2!)).split('\n')).toHaveLength(21);
    expect(JSON.stringify(page2!.body.blocks)).toMatch(/Times in UTC\..*Page 2 of 3/);
    expect(h.slack.refusedPayloads()).toEqual([]);
  });

  it('a workspace that refuses the table block gets the same page as a code block, every row, and the log says so', async () => {
    h.slack.refuseTables();
    const { responseId } = await h.command('cdrs 7d today 500');
    const [shown] = await h.slack.waitForCalls(
      'response_url',
      1,
      (c) => c.id === responseId && c.refused === undefined,
    );
    expect(tableOf(shown!)).toBeUndefined();
    const code = (shown!.body.blocks as { text?: { text: string } }[])
      .map((b) => b.text?.text ?? '')
      .filter((t) => t.startsWith('```'));
    // The header, its rule and the page's 20 rows, none cut.
    expect(
      code
        .join('\n')
        .split('\n')
        .filter((l) => l !== '```'),
    ).toHaveLength(22);
    expect(h.slack.refusedPayloads().map((c) => c.refused?.reason)).toContain(TABLES_REFUSED);
    const refusal = coreLines.find((l) =>
      l.includes('delivery: the platform refused a send; trying the next form'),
    );
    expect(refusal).toContain('"reason":"invalid_blocks"');
  });
});

describe('call records asked in a channel', () => {
  it('are a table only the asker sees, and its pages turn in that same ephemeral message', async () => {
    const { responseId } = await h.command('cdrs 7d today 500', { channel: 'C1' });
    const [first] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === responseId);
    expect(first!.body.response_type).toBe('ephemeral');
    expect(tableOf(first!)).toBeDefined();

    const responseUrl = h.slack.responseUrl('turn');
    const actionId = pageButton(first!, /^p:.*:1$/);
    await h.interact(buttonPressPayload({ actionId, responseUrl, channel: 'C1', ephemeral: true }));
    const [page2] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === 'turn');
    expect(page2!.body.replace_original).toBe(true);
    expect(JSON.stringify(page2!.body.blocks)).toContain('Page 2 of 3');
    // Nothing new was posted: the page replaced the ephemeral message it was turned on.
    expect(h.slack.callsOf('chat.postEphemeral')).toEqual([]);
    expect(h.slack.callsOf('response_url').filter((c) => c.id === 'turn')).toHaveLength(1);
  });
});
