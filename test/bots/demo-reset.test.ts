import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBot } from './cli-process.js';

/**
 * The demo keeps its state between starts (docs/sandbox.md §2.3): after a top-up the README's
 * €18.40 was gone for good. `telephony-bot demo reset` (`npm run demo:reset`) brings it back.
 */
describe('telephony-bot demo reset', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-demo-reset-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** One console session with `lines` piped in; resolves with what it printed. */
  async function session(lines: string[]): Promise<string> {
    const bot = runBot(['start'], { DATA_DIR: dir });
    bot.child.stdin.end(`${lines.join('\n')}\n`);
    const { code } = await bot.exited;
    expect(code, bot.stderr()).toBe(0);
    return bot.stdout();
  }

  it('a top-up stays across starts until the reset; after it the demo is as shipped', async () => {
    const first = await session(['/topup 1000000001', '1', '/balance']);
    expect(first).toContain('€28.40');
    expect(await session(['/balance'])).toContain('€28.40');
    const reset = runBot(['demo', 'reset'], { DATA_DIR: dir });
    expect((await reset.exited).code).toBe(0);
    expect(reset.stdout()).toContain('sandbox-state.json');
    expect(existsSync(join(dir, 'sandbox-state.json'))).toBe(false);
    const after = await session(['/balance']);
    expect(after).toContain('€18.40');
    expect(after).toContain('1000000001 (€10.00)');
  }, 60_000);
});
