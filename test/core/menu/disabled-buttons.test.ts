import { describe, expect, it } from 'vitest';
import { renderText } from '../../../src/adapters/console/render-text.js';
import { renderReply as slackBlocks } from '../../../src/adapters/slack/render-blocks.js';
import { disabledAction } from '../../../src/core/index.js';
import { messagesFor } from '../../../src/core/messages.js';
import type { Reply } from '../../../src/core/reply.js';
import { blockKitProblem } from '../../helpers/block-kit.js';

/**
 * A button that can no longer act is built once in the core (button-state.ts) and each channel
 * shows it as it can (docs/interface.md §2.6): Telegram a `disabled` button
 * (test/adapters/telegram/native-buttons.test.ts), Slack no button but a context line, the console
 * a line without a number to type.
 */

const en = messagesFor('en');
const de = messagesFor('de');
const CARD: Reply = {
  text: 'Call ended.',
  actions: [{ label: 'Call again', actionId: 'x:1' }, disabledAction(en, 'call-ended')],
};

describe('a disabled button on the channels without one', () => {
  it('Slack: no button for it, a context line with its label; the live button stays', () => {
    const message = slackBlocks(CARD);
    const json = JSON.stringify(message.blocks);
    const buttons = message.blocks.flatMap((b) =>
      b.type === 'actions' ? (b.elements as { text: { text: string } }[]).map((e) => e.text.text) : [],
    );
    expect(buttons).toEqual(['Call again']);
    expect(json).toContain('"type":"context"');
    expect(json).toContain('Call ended');
    expect(blockKitProblem(message.blocks, 'message')).toBeUndefined();
  });

  it('the console: no number to type for it, its label on a line', () => {
    const { text, choices } = renderText(CARD);
    expect([...choices.values()]).toEqual(['x:1']);
    expect(text).toContain('(Call ended)');
  });

  it("labels come from the reader's catalogue", () => {
    expect(disabledAction(de, 'call-ended').label).toBe('Anruf beendet');
    expect(disabledAction(en, 'approval-expired').label).toBe('Expired');
  });
});
