import { describe, expect, it } from 'vitest';
import { buttonPressPayload, type SlackCall } from '../../helpers/fake-slack.js';
import { slackExportStack } from './export-stack.js';
import type { SlackHarness } from './harness.js';

/**
 * The menu's export on Slack (docs/interface.md §3.6): `/tel menu` → Export calls (CSV) → a period,
 * each a button holding its period as typed values; the press runs the export as `/tel cdrs <from>
 * <to> csv` does and uploads the whole file. The clock stands after every seeded call.
 */
const start = slackExportStack();

type Element = { type: string; text?: { text: string }; action_id?: string };
const buttons = (call: SlackCall) =>
  ((call.body as { blocks?: { type: string; elements?: Element[] }[] }).blocks ?? []).flatMap((b) =>
    b.type === 'actions' ? (b.elements ?? []) : [],
  );
const idOf = (call: SlackCall, label: string) =>
  buttons(call).find((e) => e.text?.text === label)!.action_id!;

async function pressOn(harness: SlackHarness, shown: SlackCall, label: string, id: string) {
  const actionId = idOf(shown, label);
  await harness.interact(buttonPressPayload({ actionId, responseUrl: harness.slack.responseUrl(id) }));
  return actionId;
}

describe("the menu's export in the DM with the app", () => {
  it('offers periods as tickets, and Last month uploads the whole month', async () => {
    const h = await start();
    const { responseId } = await h.command('menu');
    const [home] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === responseId);
    await pressOn(h, home!, '📤 Export calls (CSV)', 'screen');
    const [screen] = await h.slack.waitForCalls('response_url', 1, (c) => c.id === 'screen');
    expect(buttons(screen!).map((e) => e.text?.text)).toEqual([
      'This month',
      'Last month',
      'Last 30 days',
      '⬅️ Back',
    ]);
    const pressed = await pressOn(h, screen!, 'Last month', 'run');
    expect(pressed).toMatch(/^c:/);
    await h.slack.waitForCall('files.completeUploadExternal');
    const upload = h.slack.callsOf('upload')[0]!;
    expect(upload.raw.trim().split('\n')).toHaveLength(31 * 40 + 1);
    // Its progress streams as the typed export's does (docs/interface.md §5.3).
    expect(h.slack.callsOf('chat.startStream')).toHaveLength(1);
  });
});
