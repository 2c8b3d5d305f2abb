import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBot } from './cli-process.js';

/**
 * A start on a full or read-only disk (docs/operations.md §7): one line naming the path and the fix,
 * exit 1, no stack trace. Real file systems: a small tmpfs filled up and a read-only tmpfs, mounted
 * for the test (the suite runs as root here; chmod alone would not stop root). Where mounting is
 * not allowed the suite says so and is skipped; `test/store/disk-errors.test.ts` injects the
 * same errors at the seam and always runs.
 */
const base = mkdtempSync(join(tmpdir(), 'tbot-mount-'));
const full = join(base, 'full');
const readOnly = join(base, 'ro');

function tryMount(): boolean {
  try {
    execFileSync('mkdir', ['-p', full, readOnly]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', full], { stdio: 'ignore' });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro', 'tmpfs', readOnly], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('disk-errors: cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN); skipped');
    return false;
  }
}
const mounted = process.platform === 'linux' && tryMount();

describe.skipIf(!mounted)('starting on a disk the bot cannot write', () => {
  beforeAll(() => {
    // A first start writes the key and the store; then the disk fills up.
    writeFileSync(join(full, 'placeholder'), '');
  });
  afterAll(() => {
    for (const m of [full, readOnly]) {
      try {
        execFileSync('umount', [m], { stdio: 'ignore' });
      } catch {
        // already gone
      }
    }
    rmSync(base, { recursive: true, force: true });
  });

  /** The exit code, and stderr without the JSON log lines (the log says `start failed` too). */
  async function start(dataDir: string) {
    const bot = runBot(['start'], { DATA_DIR: dataDir, CONSOLE: 'false', HEALTH_PORT: '0' });
    const { code } = await bot.exited;
    const stderr = bot
      .stderr()
      .split('\n')
      .filter((l) => !l.startsWith('{"level"'))
      .join('\n');
    return { code, stderr };
  }

  it('a read-only DATA_DIR: one line naming it and the fix', async () => {
    for (const dir of [readOnly, join(readOnly, 'data')]) {
      const r = await start(dir);
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n')).toEqual([
        `telephony-bot could not start: DATA_DIR ${dir} is not writable by this process (uid 0, gid 0; the file system is read-only). Mount a writable volume there.`,
      ]);
    }
  }, 60_000);

  it('a full disk: one line naming the file and the fix, no stack trace', async () => {
    const dataDir = join(full, 'data');
    // Fill it up: what is left is not enough for the key, the store or its lock.
    execFileSync('sh', [
      '-c',
      `dd if=/dev/zero of=${join(full, 'fill')} bs=1k count=1024 2>/dev/null || true`,
    ]);
    const r = await start(dataDir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^telephony-bot could not start: Cannot write ${dataDir}/\\S+: the disk is full \\(ENOSPC\\)\\. Free space`,
      ),
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
