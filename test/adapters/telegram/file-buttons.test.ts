import { afterEach, expect, it } from 'vitest';
import { createFakeCore } from '../../helpers/fake-core.js';
import { alice, type Harness, startHarness } from './harness.js';

/**
 * A list sent with its CSV: the page buttons sit under the text, which Telegram can edit, never
 * under the document, whose text Telegram refuses to edit (so ▶ there did nothing).
 */
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

it('puts the buttons of a reply with a document under its text, and a page turn edits that text', async () => {
  const core = createFakeCore('telegram');
  h = await startHarness(core);
  core.onText = () => [
    {
      text: 'Calls, page 1 of 2',
      file: { name: 'calls.csv', mimeType: 'text/csv', content: 'a,b\n1,2\n' },
      actions: [{ label: '▶', actionId: 'p:x:2' }],
    },
  ];
  core.onAction = () => ({
    update: { text: 'Calls, page 2 of 2', actions: [{ label: '◀', actionId: 'p:x:1' }] },
  });
  h.telegram.message(alice, '/cdrs 7d csv');
  const doc = await h.telegram.waitForCall('sendDocument');
  expect(doc.payload.reply_markup).toBeUndefined();
  const text = h.telegram.botMessages(alice.id).find((m) => m.text === 'Calls, page 1 of 2')!;
  expect(JSON.stringify(text.reply_markup)).toContain('p:x:2');
  h.telegram.press(alice, text, 'p:x:2');
  const edit = await h.telegram.waitForCall('editMessageText');
  expect(edit.payload.text).toBe('Calls, page 2 of 2');
});
