import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createConsoleChannel } from '../../../src/adapters/console/console-channel.js';
import type { Core } from '../../../src/core/core.js';
import { type Identity, identityKey } from '../../../src/core/identity.js';
import { realDoor } from '../../helpers/placed.js';
import { createTestStack, type TestStack, type TestStackOptions } from '../../helpers/stack.js';

export const consoleUser: Identity = {
  platform: 'console',
  tenant: '',
  user: 'alice',
  displayName: 'Alice',
};

export interface ConsoleHarness {
  stack: TestStack;
  identity: Identity;
  key: string;
  exportDir: string;
  /** Everything the channel printed so far. */
  transcript(): string;
  /**
   * Types one line and resolves with what the channel printed for it. Waits for the core call the
   * line causes to finish, then for the channel to print; `until` waits for text printed after an
   * asynchronous step (a saved file).
   */
  say(line: string, until?: RegExp): Promise<string>;
  close(): Promise<void>;
}

/** The console channel on PassThrough streams (non-interactive), wired to the real test stack. */
export async function startConsole(
  options: TestStackOptions & { identity?: Identity; link?: boolean; locale?: string } = {},
): Promise<ConsoleHarness> {
  const stack = await createTestStack(options);
  const identity = options.identity ?? consoleUser;
  if (options.link !== false) await stack.linkDemo(identity);
  const exportDir = await mkdtemp(join(tmpdir(), 'console-export-'));
  const input = new PassThrough();
  const output = new PassThrough();
  let out = '';
  output.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  let settled: (() => void) | undefined;
  const track = <T>(p: Promise<T>): Promise<T> =>
    p.finally(() => {
      settled?.();
    });
  // The same core, with each call's completion observable (closures, so spreading keeps them).
  const core: Core = {
    ...stack.core,
    handleText: (i) => track(stack.core.handleText(i)),
    handleAction: (i) => track(stack.core.handleAction(i)),
    // The real door, over the observed calls.
    register: (ch) => realDoor(core, ch),
  };
  const channel = createConsoleChannel({
    core,
    input,
    output,
    interactive: false,
    identity,
    exportDir,
    ...(options.locale ? { locale: options.locale } : {}),
  });
  // What the core sends first (alerts, call reports) reaches this terminal (docs/proactive.md §4.1).
  stack.proactive.attach(channel.notifier);
  const running = channel.run();
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

  return {
    stack,
    identity,
    key: identityKey(identity),
    exportDir,
    transcript: () => out,
    async say(line, until) {
      const start = out.length;
      const done = new Promise<void>((resolve) => {
        settled = resolve;
      });
      input.write(`${line}\n`);
      await done;
      settled = undefined;
      await tick();
      // Event-driven: resolves on the next printed chunk; a missing line fails by test timeout.
      while (until && !until.test(out.slice(start))) await once(output, 'data');
      return out.slice(start);
    },
    async close() {
      input.end();
      await running;
      await stack.close();
      await rm(exportDir, { recursive: true, force: true });
    },
  };
}
