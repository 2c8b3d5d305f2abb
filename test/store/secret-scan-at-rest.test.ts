import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '../../src/core/identity.js';
import type { Reply } from '../../src/core/reply.js';
import { createSqliteKeyValueStore } from '../../src/store/index.js';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import { createRedisKeyValueStore } from '../../src/store/redis-key-value-store.js';
import { md5Hex } from '../../src/telephony/signature.js';
import { type RedisServer, redisSkipped, startRedisServer } from '../helpers/redis-server.js';
import { PASSWORD, seedWithScanUser, TOPUP_PIN } from '../helpers/scan-seed.js';
import { createTestStack, type TestStack } from '../helpers/stack.js';

/**
 * The secret scan at rest (docs/privacy.md §2.4): after a run that links with a known password, asks to top
 * up with a known PIN (the confirmation waits in the store), creates a card and lists SIP lines,
 * neither the SQLite file (with its WAL) nor a Redis dump holds any of the secrets. The audit
 * log's plain username proves the scan reads what was written.
 */

const alice: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };
const chat = { id: 'console', kind: 'private' as const };

interface Backend {
  kv: KeyValueStore;
  /** Everything the backend holds on disk, as one string. */
  bytes(): Promise<string>;
  close(): Promise<void>;
}

async function sqliteBackend(): Promise<Backend> {
  const dir = await mkdtemp(join(tmpdir(), 'scan-sqlite-'));
  const path = join(dir, 'bot.sqlite');
  return {
    kv: createSqliteKeyValueStore({ path }),
    async bytes() {
      const parts = await Promise.all(
        ['', '-wal'].map((s) => readFile(`${path}${s}`).catch(() => Buffer.alloc(0))),
      );
      return Buffer.concat(parts).toString('latin1');
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

async function redisBackend(): Promise<Backend> {
  const dir = await mkdtemp(join(tmpdir(), 'scan-redis-'));
  // Its dump goes to `dir`, uncompressed, so a secret in a long value cannot hide inside LZF.
  const server: RedisServer = await startRedisServer({ dir });
  return {
    kv: await createRedisKeyValueStore({ url: server.url, prefix: 'scan:' }),
    async bytes() {
      const admin = createClient({ url: server.url });
      await admin.connect();
      try {
        await admin.sendCommand(['SAVE']);
      } finally {
        await admin.quit();
      }
      return (await readFile(join(dir, 'dump.rdb'))).toString('latin1');
    },
    async close() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const backends: [string, () => Promise<Backend>, boolean][] = [
  ['SQLite file', sqliteBackend, false],
  ['Redis dump', redisBackend, redisSkipped],
];

describe.each(backends)('the store at rest: %s', (_name, open, skip) => {
  let backend: Backend;
  let stack: TestStack;
  let cardPin = '';
  const say = async (text: string): Promise<Reply[]> =>
    stack.core.handleText({ identity: alice, chat, text });

  beforeAll(async () => {
    if (skip) return;
    backend = await open();
    stack = await createTestStack({ kv: backend.kv, sandbox: { data: seedWithScanUser() } });
    for (const line of ['/link', 'scanuser', PASSWORD]) await say(line);
    await stack.linkDemo({ ...alice, user: 'bob' });
    // The confirmation waits in the store with the PIN as its argument.
    const asked = await say(`/topup ${TOPUP_PIN}`);
    expect(asked.flatMap((r) => r.actions ?? []).map((a) => a.label)).toContain('Confirm');
    await stack.core.handleText({ identity: { ...alice, user: 'bob' }, chat, text: '/lines' });
    const bob = { ...alice, user: 'bob' };
    const creating = await stack.core.handleText({
      identity: bob,
      chat,
      text: '/card create +4917088888888 5.00 Scan',
    });
    // Creating a card charges the account: the PIN comes with the confirmation's outcome.
    const confirm = creating.flatMap((r) => r.actions ?? []).find((a) => a.label === 'Confirm')!.actionId;
    const outcome = await stack.core.handleAction({ identity: bob, chat, actionId: confirm });
    const created = [...(outcome.update ? [outcome.update] : []), ...(outcome.followUps ?? [])];
    cardPin = created.flatMap((r) => r.fields ?? []).find((f) => f.label === 'PIN')?.value ?? '';
  }, 60_000);

  afterAll(async () => {
    if (skip) return;
    await stack.close();
    await backend.close();
  });

  it.skipIf(skip)('holds what was written (so the scan can find things)', async () => {
    expect(cardPin).toMatch(/^\d{4,}$/);
    expect(await backend.bytes()).toContain('scanuser');
  });

  it.skipIf(skip)('holds no password, md5, top-up PIN, card PIN or SIP password', async () => {
    const bytes = await backend.bytes();
    const secrets = {
      password: PASSWORD,
      'md5 of the password': md5Hex(PASSWORD),
      'md5 of the demo password': md5Hex('demo'),
      'top-up PIN': TOPUP_PIN,
      'new card PIN': cardPin,
      'SIP password': 'sip-demo-1',
    };
    for (const [what, value] of Object.entries(secrets)) expect(bytes.includes(value), what).toBe(false);
  });
});
