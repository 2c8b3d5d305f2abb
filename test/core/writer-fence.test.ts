import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writerFence } from '../../src/core/guard/writer-fence.js';
import type { ChatRef, Identity } from '../../src/core/identity.js';
import { acquireInstanceLock, LOCK_STALE_MS } from '../../src/store/instance-lock.js';
import { createSqliteKeyValueStore } from '../../src/store/sqlite-key-value-store.js';
import { operations } from '../../src/telephony/operations.js';
import { createTestStack } from '../helpers/stack.js';

/**
 * docs/reliability.md §5.1, a lost lock stops the writer. A bot frozen past the stale bound (SIGSTOP) lost its
 * lock to a second bot; resumed, it must not send anything never-retry before its heartbeat notices.
 * The takeover is forced: the lock file is aged past the bound and a second owner acquires it, as a
 * second bot's start does; nothing waits for a heartbeat (it beats once an hour here).
 */
const dir = mkdtempSync(join(tmpdir(), 'telephony-bot-fence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a second bot's start does to a lock whose heartbeat stopped past the stale bound. */
function takeOver(path: string) {
  const past = new Date(Date.now() - LOCK_STALE_MS - 1000);
  utimesSync(`${path}.lock`, past, past);
  return acquireInstanceLock({ path: `${path}.lock`, store: path, heartbeatMs: 3_600_000 });
}

describe('a lost lock stops the writer', () => {
  it('the client layer every sender shares (a sweep’s card block, a hang-up) refuses a never-retry send, passes a read', async () => {
    const sent: string[] = [];
    const send = writerFence(() => false)(async (req) => {
      sent.push(req.name);
      return {};
    });
    const request = (name: 'topup' | 'onlinecallthrough') => ({
      name,
      label: name,
      spec: operations[name],
      wire: {},
      options: {},
    });
    await expect(send(request('topup'))).rejects.toMatchObject({ code: 'ERR_WRITER_LOCK_LOST' });
    await send(request('onlinecallthrough'));
    expect(sent).toEqual(['onlinecallthrough']);
  });

  it('the fencing read finds a takeover at once and tells it once; a released lock is not "lost"', async () => {
    const path = join(dir, 'fence', 'telephony-bot.sqlite');
    let lost = 0;
    const kv = createSqliteKeyValueStore({ path, onLockLost: () => lost++ });
    expect(kv.holdsWriterLock?.()).toBe(true);
    const second = takeOver(path);
    expect(kv.holdsWriterLock?.()).toBe(false);
    expect(kv.holdsWriterLock?.()).toBe(false);
    expect(lost).toBe(1);
    await kv.close();
    // Closing the store that lost its lock leaves the new owner's file alone.
    expect(JSON.parse(readFileSync(`${path}.lock`, 'utf8')).pid).toBe(process.pid);
    expect(second.held()).toBe(true);
    second.release();
    expect(second.held()).toBe(false);
  });

  it('a resumed bot whose lock was taken over sends no top-up: nothing reaches the provider, the user is told', async () => {
    const path = join(dir, 'stack', 'telephony-bot.sqlite');
    let lost = 0;
    const kv = createSqliteKeyValueStore({ path, onLockLost: () => lost++ });
    const stack = await createTestStack({ kv });
    const identity: Identity = { platform: 'telegram', tenant: '', user: randomBytes(3).toString('hex') };
    const chat: ChatRef = { id: identity.user, kind: 'private' };
    try {
      await stack.linkDemo(identity);
      const [prompt] = await stack.core.handleText({ identity, chat, text: '/topup 1000000002' });
      const confirm = prompt?.actions?.find((x) => x.actionId.startsWith('c:'));
      if (!confirm) throw new Error(`no confirmation: ${JSON.stringify(prompt)}`);
      const second = takeOver(path);
      const outcome = await stack.core.handleAction({ identity, chat, actionId: confirm.actionId });
      expect(outcome.update?.text).toMatch(/another copy of this bot has taken over/);
      expect(stack.sandbox.stats().handled.topup ?? 0).toBe(0);
      expect(stack.sandbox.stats().received.topup ?? 0).toBe(0);
      expect(lost).toBe(1);
      second.release();
    } finally {
      await stack.close();
    }
  });
});
