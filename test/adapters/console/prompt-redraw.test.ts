import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsoleChannel, createConsoleChannel } from '../../../src/adapters/console/console-channel.js';
import type { Core } from '../../../src/core/core.js';

/**
 * On a terminal, a message the bot sends first (the Call ended card, an alert) arrives while the
 * prompt waits (docs/interface.md §4.3): it is printed on its own line, and the prompt is drawn
 * again under it with what was typed so far, instead of leaving the cursor after the card.
 */
describe('the console prompt after a message the bot sends first', () => {
  let channel: ConsoleChannel | undefined;
  let input: PassThrough;
  afterEach(() => {
    input?.end();
    channel?.close();
  });

  it('is redrawn under the message, with the half-typed line kept', async () => {
    input = new PassThrough();
    const output = new PassThrough();
    let out = '';
    output.on('data', (c: Buffer) => {
      out += c.toString();
    });
    // The line is never sent: a door that is opened is all the console needs of the core here.
    const core = { register: () => ({ receive: async () => 'done', busyWords: () => undefined }) };
    channel = createConsoleChannel({ core: core as unknown as Core, input, output, interactive: true });
    const running = channel.run();
    await new Promise((r) => setImmediate(r));
    expect(out).toContain('tel> ');
    input.write('/bal');
    await new Promise((r) => setImmediate(r));
    const before = out.length;
    await channel.notifier.open({ kind: 'user', user: 'alice' } as never).post({ text: 'Call ended: 2 min' });
    await new Promise((r) => setImmediate(r));
    const after = out.slice(before);
    // The card starts on a cleared line and the prompt, with "/bal", follows it.
    expect(after.indexOf('Call ended')).toBeGreaterThan(-1);
    expect(after.slice(0, after.indexOf('Call ended'))).toContain('\r');
    expect(after.slice(after.indexOf('Call ended'))).toMatch(/tel> \/bal/);
    input.end();
    await running;
  });
});
