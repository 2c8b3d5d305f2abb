import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBot } from './cli-process.js';

/**
 * One writer per store (docs/reliability.md §5.1) from outside: two `telephony-bot start` on one DATA_DIR (the second is refused and
 * points to REDIS_URL; a `kill -9`-ed first one does not block the next start), and every file the
 * bot writes is owner-only although the bot was started with umask 022.
 */
describe('one DATA_DIR, one instance; private files', () => {
  let dir: string;
  let umask: number;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-datadir-'));
    // The children inherit it: a typical shell's umask, under which files come out 0644.
    umask = process.umask(0o022);
  });
  afterEach(async () => {
    process.umask(umask);
    await rm(dir, { recursive: true, force: true });
  });

  it('a second start on the same DATA_DIR exits non-zero naming REDIS_URL; after kill -9 the next start runs', async () => {
    const env = { DATA_DIR: dir, SANDBOX_PORT: '0' };
    const first = runBot(['start'], env);
    try {
      await first.waitFor('Type /help for the commands');
      first.child.stdin.write('/cdrs 30d csv\n');
      await first.waitFor('Saved ');

      const second = runBot(['start'], env);
      second.child.stdin.end();
      const { code } = await second.exited;
      expect(code).not.toBe(0);
      expect(second.stderr()).toMatch(/REDIS_URL/);
      expect(second.stderr()).toContain(`pid ${first.child.pid}`);
      expect(second.stdout()).not.toContain('telephony-bot is running');

      // Files of the running first instance, started under umask 022.
      const modes: Record<string, string> = {};
      const walk = async (d: string) => {
        modes[d.slice(dir.length) || '/'] = (statSync(d).mode & 0o777).toString(8);
        for (const entry of await readdir(d, { withFileTypes: true })) {
          const p = join(d, entry.name);
          if (entry.isDirectory()) await walk(p);
          else modes[p.slice(dir.length)] = (statSync(p).mode & 0o777).toString(8);
        }
      };
      await walk(dir);
      expect(Object.keys(modes)).toEqual(
        expect.arrayContaining([
          '/telephony-bot.sqlite',
          '/telephony-bot.sqlite.lock',
          '/telephony-bot.log',
          '/master.key',
        ]),
      );
      expect(Object.keys(modes).some((p) => p.startsWith('/exports/') && p.endsWith('.csv'))).toBe(true);
      for (const [path, m] of Object.entries(modes)) {
        const isDir = statSync(join(dir, path)).isDirectory();
        expect({ path, mode: m }).toEqual({ path, mode: isDir ? '700' : '600' });
      }

      first.child.kill('SIGKILL');
      await first.exited;
      expect(existsSync(join(dir, 'telephony-bot.sqlite.lock'))).toBe(true);
      const third = runBot(['start'], env);
      try {
        await third.waitFor('Type /help for the commands');
        third.child.stdin.end('/quit\n');
        expect((await third.exited).code).toBe(0);
        expect(existsSync(join(dir, 'telephony-bot.sqlite.lock'))).toBe(false);
      } finally {
        if (third.child.exitCode === null) third.child.kill('SIGKILL');
      }
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  }, 60_000);
});
