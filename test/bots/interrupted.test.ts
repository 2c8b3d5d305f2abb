import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../src/store/audit-log.js';
import type { AuditEntry } from '../../src/store/records.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';
import { runBot } from './cli-process.js';

/**
 * The write-ahead audit (docs/reliability.md §3.3, §3.4) from outside: `kill -9` while a confirmed top-up waits on the provider. Before,
 * the audit held nothing. Now the attempt is on disk before the request leaves; the next start
 * closes it as unknown, tells the user with the read that reconciles it, and the export shows it.
 */
describe('a top-up cut off by kill -9', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tbot-interrupted-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const openAttempts = async (): Promise<AuditEntry[]> => {
    // A reader beside the running bot, as `audit export` is.
    const kv = createSqliteKeyValueStore({ path: join(dir, 'telephony-bot.sqlite'), exclusive: false });
    try {
      const out: AuditEntry[] = [];
      for await (const e of createAuditLog({ kv }).openAttempts()) out.push(e);
      return out;
    } finally {
      await kv.close();
    }
  };

  it('is reported at the next start as unknown, with /balance, and marked so in the audit', async () => {
    const first = runBot(['start'], { DATA_DIR: dir, SANDBOX_PORT: '0', SANDBOX_LATENCY_MS: '20000' });
    try {
      await first.waitFor('Type /help for the commands');
      first.child.stdin.write('/topup 1000000001\n');
      await first.waitFor('Confirm');
      first.child.stdin.write('1\n');
      let open: AuditEntry[] = [];
      for (let i = 0; i < 100 && open.length === 0; i++) {
        open = await openAttempts();
        if (open.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(open.map((e) => [e.command, e.outcome, e.check])).toEqual([['topup', 'attempted', '/balance']]);
      first.child.kill('SIGKILL');
      await first.exited;
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }

    const second = runBot(['start'], { DATA_DIR: dir, SANDBOX_PORT: '0' });
    try {
      await second.waitFor('Type /help for the commands');
      second.child.stdin.end('/help\n');
      await second.exited;
      expect(second.stdout()).toMatch(
        /Your \/topup of .+ was interrupted \(the bot restarted\) before the provider answered, so I do not know whether it happened\. Check \/balance before trying again\./,
      );
    } finally {
      if (second.child.exitCode === null) second.child.kill('SIGKILL');
    }

    const exported = runBot(['audit', 'export'], { DATA_DIR: dir });
    await exported.exited;
    const lines = exported
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AuditEntry);
    expect(lines.map((e) => [e.command, e.outcome, e.check])).toEqual([['topup', 'unknown', '/balance']]);
    expect(lines[0]!.detail).toMatch(/interrupted/);
    expect(await openAttempts()).toEqual([]);
  }, 60_000);
});
