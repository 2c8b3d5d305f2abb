import { afterEach, describe, expect, it } from 'vitest';
import { createStores } from '../../src/store/create-stores.js';
import { CredentialDecryptError, UnknownKeyIdError } from '../../src/store/errors.js';
import type { KeyValueStore } from '../../src/store/key-value-store.js';
import { generateMasterKey, type Keyring, keyringFromKeys } from '../../src/store/master-key.js';
import type { AuditEntry, CredentialRecord, PendingAction } from '../../src/store/records.js';
import { rotateCredentials } from '../../src/store/rotate-credentials.js';
import type { Stores } from '../../src/store/stores.js';
import { sleep } from './key-value-store.contract.js';

/** What a stores contract run needs from one backend. */
export interface StoresHarness {
  kv: KeyValueStore;
  /**
   * A second connection to the same data, as a second bot instance would hold. Only for backends
   * shared across processes (Redis); the others share `kv` itself between two Stores objects.
   */
  peer?: () => Promise<KeyValueStore>;
}

const credential = (username: string, md5: string): CredentialRecord => ({
  credentials: [{ label: 'work', kind: 'account', username, md5, linkedAt: '2026-01-01T00:00:00.000Z' }],
  active: 'work',
});

const action = (id: string, expiresInMs: number, now = Date.now()): PendingAction => ({
  id,
  kind: 'confirm',
  command: 'topup',
  args: ['1234'],
  owner: 'telegram::1',
  chatId: 'telegram:1',
  createdAt: new Date(now).toISOString(),
  expiresAt: new Date(now + expiresInMs).toISOString(),
});

const entry = (i: number, chat: string): AuditEntry => ({
  at: new Date(1_700_000_000_000 + i).toISOString(),
  actor: 'telegram::1',
  chat,
  account: 'demo',
  command: `cmd${i}`,
  outcome: 'ok',
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The behaviour of every domain store, whatever KeyValueStore sits below. */
export function storesContract(name: string, factory: () => Promise<StoresHarness>): void {
  describe(`Stores contract: ${name}`, () => {
    let toClose: KeyValueStore[] = [];
    const keyA = keyringFromKeys(generateMasterKey());
    const keyB = keyringFromKeys(generateMasterKey());
    const start = async (keyring: Keyring = keyA, now?: () => number) => {
      const harness = await factory();
      toClose.push(harness.kv);
      const stores = createStores({ kv: harness.kv, keyring, ...(now ? { now } : {}) });
      /** Another Stores over the same data: a second connection when the backend has one. */
      const other = async (otherKeyring: Keyring = keyring): Promise<Stores> => {
        const kv = harness.peer ? await harness.peer() : harness.kv;
        if (kv !== harness.kv) toClose.push(kv);
        return createStores({ kv, keyring: otherKeyring, ...(now ? { now } : {}) });
      };
      return { kv: harness.kv, stores, other };
    };
    afterEach(async () => {
      for (const kv of toClose) await kv.close().catch(() => undefined);
      toClose = [];
    });

    describe('credentials', () => {
      it('round-trips a record per owner and deletes it', async () => {
        const { stores } = await start();
        expect(await stores.credentials.get('telegram::1')).toBeUndefined();
        await stores.credentials.set('telegram::1', credential('alice', 'a'.repeat(32)));
        await stores.credentials.set('slack:T1:U2', credential('bob', 'b'.repeat(32)));
        expect(await stores.credentials.get('telegram::1')).toEqual(credential('alice', 'a'.repeat(32)));
        expect(await stores.credentials.get('slack:T1:U2')).toEqual(credential('bob', 'b'.repeat(32)));
        expect((await collect(stores.credentials.owners())).sort()).toEqual(['slack:T1:U2', 'telegram::1']);
        expect(await stores.credentials.delete('telegram::1')).toBe(true);
        expect(await stores.credentials.get('telegram::1')).toBeUndefined();
        expect(await stores.credentials.delete('telegram::1')).toBe(false);
      });

      it('keeps neither the username nor the md5 in clear, with a fresh IV and the key id per write', async () => {
        const { kv, stores } = await start();
        const md5 = '5f4dcc3b5aa765d61d8327deb882cf99';
        await stores.credentials.set('telegram::1', credential('alice.sample', md5));
        const first = JSON.stringify(await kv.get('cred:telegram::1'));
        expect(first).not.toContain('alice.sample');
        expect(first).not.toContain(md5);
        expect(first).not.toContain(Buffer.from(md5).toString('base64').slice(0, 20));
        expect(JSON.parse(first)).toMatchObject({ kid: keyA.current.id, alg: 'A256GCM' });
        await stores.credentials.set('telegram::1', credential('alice.sample', md5));
        const second = JSON.parse(JSON.stringify(await kv.get('cred:telegram::1'))) as {
          iv: string;
          data: string;
        };
        expect(second.iv).not.toBe(JSON.parse(first).iv);
        expect(second.data).not.toBe(JSON.parse(first).data);
      });

      it('binds the owner: a record copied to another owner does not decrypt', async () => {
        const { kv, stores } = await start();
        await stores.credentials.set('telegram::1', credential('alice', 'a'.repeat(32)));
        await kv.set('cred:telegram::2', await kv.get('cred:telegram::1'));
        await expect(stores.credentials.get('telegram::2')).rejects.toThrow(CredentialDecryptError);
        expect(await stores.credentials.get('telegram::1')).toEqual(credential('alice', 'a'.repeat(32)));
      });

      it('refuses a record under an unknown key id and names the fix', async () => {
        const { stores, other } = await start(keyA);
        await stores.credentials.set('telegram::1', credential('alice', 'a'.repeat(32)));
        const withB = await other(keyB);
        const error = await withB.credentials.get('telegram::1').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UnknownKeyIdError);
        expect((error as Error).message).toContain('BOT_ENCRYPTION_KEY_PREVIOUS');
        expect((error as Error).message).toContain(keyA.current.id);
      });

      for (const [label, from, to] of [
        ['A to B', keyA, keyB],
        ['B to A', keyB, keyA],
      ] as const) {
        it(`rotates ${label}: both keys read during rotation, only the new key after`, async () => {
          const { kv, stores, other } = await start(from);
          for (let i = 0; i < 5; i++)
            await stores.credentials.set(`telegram::${i}`, credential(`user${i}`, `${i}`.repeat(32)));
          // During rotation the bots run with the new key current and the old one previous.
          const during = await other({ current: to.current, previous: [from.current] });
          await during.credentials.set('telegram::new', credential('newcomer', 'n'.repeat(32)));
          expect(await during.credentials.get('telegram::0')).toEqual(credential('user0', '0'.repeat(32)));
          expect(await during.credentials.get('telegram::new')).toEqual(
            credential('newcomer', 'n'.repeat(32)),
          );

          const result = await rotateCredentials({ kv, from, to });
          expect(result).toEqual({ total: 6, rotated: 5, unchanged: 1, failed: [] });
          // Restartable and idempotent: a second run finds nothing to do.
          expect(await rotateCredentials({ kv, from, to })).toEqual({
            total: 6,
            rotated: 0,
            unchanged: 6,
            failed: [],
          });

          const newOnly = await other(to);
          for (let i = 0; i < 5; i++) {
            expect(await newOnly.credentials.get(`telegram::${i}`)).toEqual(
              credential(`user${i}`, `${i}`.repeat(32)),
            );
          }
          expect(await newOnly.credentials.get('telegram::new')).toEqual(
            credential('newcomer', 'n'.repeat(32)),
          );
          const oldOnly = await other(from);
          await expect(oldOnly.credentials.get('telegram::0')).rejects.toThrow(UnknownKeyIdError);
          await expect(oldOnly.credentials.get('telegram::new')).rejects.toThrow(UnknownKeyIdError);
        });
      }

      it('rotation reports a record no key opens and rotates the rest', async () => {
        const stranger = keyringFromKeys(generateMasterKey());
        const { kv, stores, other } = await start(keyA);
        await stores.credentials.set('telegram::1', credential('alice', 'a'.repeat(32)));
        await (await other(stranger)).credentials.set('telegram::lost', credential('x', 'x'.repeat(32)));
        const result = await rotateCredentials({ kv, from: keyA, to: keyB });
        expect(result.rotated).toBe(1);
        expect(result.failed).toEqual([
          expect.objectContaining({ owner: 'telegram::lost', code: 'ERR_UNKNOWN_KEY_ID' }),
        ]);
      });
    });

    describe('pending actions', () => {
      it('gives an action to one take only', async () => {
        const { stores } = await start();
        await stores.pending.put(action('p1', 60_000));
        expect(await stores.pending.get('p1')).toMatchObject({ id: 'p1', command: 'topup' });
        expect(await stores.pending.take('p1')).toMatchObject({ id: 'p1' });
        expect(await stores.pending.take('p1')).toBeUndefined();
        expect(await stores.pending.get('p1')).toBeUndefined();
        expect(await stores.pending.take('never-put')).toBeUndefined();
      });

      it('is single use under concurrent takes from two Stores (two instances)', async () => {
        const { stores, other } = await start();
        const second = await other();
        await stores.pending.put(action('race', 60_000));
        const takes = await Promise.all(
          Array.from({ length: 20 }, (_, i) => (i % 2 ? second : stores).pending.take('race')),
        );
        expect(takes.filter((t) => t !== undefined)).toHaveLength(1);
      });

      it('lets an action created on one instance be taken on another', async () => {
        const { stores, other } = await start();
        const second = await other();
        await stores.pending.put(action('cross', 60_000));
        expect(await second.pending.take('cross')).toMatchObject({ id: 'cross' });
        expect(await stores.pending.take('cross')).toBeUndefined();
      });

      it('forgets an action once it expired', async () => {
        const { stores } = await start();
        await stores.pending.put(action('soon', 100));
        await stores.pending.put(action('past', -1000));
        await sleep(150);
        expect(await stores.pending.get('soon')).toBeUndefined();
        expect(await stores.pending.take('soon')).toBeUndefined();
        expect(await stores.pending.take('past')).toBeUndefined();
      });

      it('honours expiresAt by the injected clock even while the kv still holds the entry', async () => {
        let now = 1_900_000_000_000;
        const { stores } = await start(keyA, () => now);
        await stores.pending.put(action('clock', 60_000, now));
        now += 61_000;
        expect(await stores.pending.take('clock')).toBeUndefined();
      });

      it('closes an action at its expiry with the marker a press takes: the first wins, across instances', async () => {
        let now = 1_900_000_000_000;
        const { stores, other } = await start(keyA, () => now);
        const second = await other();
        const [pressed, idle, late] = ['pressed', 'idle', 'late'].map((id) => action(id, 60_000, now));
        for (const a of [pressed!, idle!, late!]) await stores.pending.put(a);
        expect(await second.pending.take('pressed')).toMatchObject({ id: 'pressed' });
        now += 60_001;
        // A press took it first: the expiry may not write over its outcome.
        expect(await stores.pending.closeExpired(pressed!)).toBe(false);
        // Nobody did: closed for good, on every instance, and asked again still closed by the expiry.
        expect(await stores.pending.closeExpired(idle!)).toBe(true);
        expect(await second.pending.closeExpired(idle!)).toBe(true);
        expect(await second.pending.take('idle')).toBeUndefined();
        // Past the longest life of a press's marker its absence proves nothing.
        now += 15 * 60_000;
        expect(await stores.pending.closeExpired(late!)).toBe(false);
      });
    });

    describe('audit log', () => {
      it('keeps order, filters by chat and lists everything', async () => {
        const { stores } = await start();
        for (let i = 0; i < 10; i++) await stores.audit.append(entry(i, i % 2 ? 'chat-odd' : 'chat-even'));
        expect((await stores.audit.recent(3)).map((e) => e.command)).toEqual(['cmd7', 'cmd8', 'cmd9']);
        expect((await stores.audit.recent(2, { chat: 'chat-even' })).map((e) => e.command)).toEqual([
          'cmd6',
          'cmd8',
        ]);
        expect(await stores.audit.recent(5, { chat: 'nobody' })).toEqual([]);
        expect((await collect(stores.audit.all())).map((e) => e.command)).toEqual(
          Array.from({ length: 10 }, (_, i) => `cmd${i}`),
        );
      });
    });

    describe('dedupe and rate limits', () => {
      it('lets one of many concurrent claims win, across two instances', async () => {
        const { stores, other } = await start();
        const second = await other();
        const claims = await Promise.all(
          Array.from({ length: 30 }, (_, i) => (i % 2 ? second : stores).dedupe.claim('update:42', 60_000)),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);
        expect(await stores.dedupe.claim('update:43', 60_000)).toBe(true);
      });

      it('a two-phase claim: one of many wins, the rest see it held, then done once confirmed', async () => {
        const { stores, other } = await start();
        const second = await other();
        const claims = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 ? second : stores).proactive.claims.begin('alert:x:0', 60_000),
          ),
        );
        expect(claims.filter((c) => c === 'won')).toHaveLength(1);
        expect(claims.filter((c) => c === 'held')).toHaveLength(9);
        await stores.proactive.claims.confirm('alert:x:0', 60_000);
        expect(await second.proactive.claims.begin('alert:x:0', 60_000)).toBe('done');
        // A claim of the older, one-phase form counts as done; a released one can be won again.
        expect(await stores.proactive.claims.claim('alert:y:0', 60_000)).toBe(true);
        expect(await second.proactive.claims.begin('alert:y:0', 60_000)).toBe('done');
        await stores.proactive.claims.release('alert:y:0');
        expect(await second.proactive.claims.begin('alert:y:0', 60_000)).toBe('won');
      });

      it('allows `limit` hits per window across two instances, then says when to retry', async () => {
        // A fixed clock: the window cannot roll over mid-test, and retryAfterMs is exact.
        const now = 1_900_000_012_345;
        const { stores, other } = await start(keyA, () => now);
        const second = await other();
        const hits = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            (i % 2 ? second : stores).rateLimit.hit('telegram::1', 3, 60_000),
          ),
        );
        expect(hits.filter((h) => h.allowed)).toHaveLength(3);
        // One "slow down" per window, whichever instance counted it.
        expect(hits.filter((h) => h.noticeDue)).toHaveLength(1);
        const refused = hits.find((h) => !h.allowed)!;
        expect(refused.retryAfterMs).toBe(60_000 - (now % 60_000));
        expect((await stores.rateLimit.hit('telegram::2', 3, 60_000)).allowed).toBe(true);
      });

      it('opens a new window once the old one passed', async () => {
        let now = 1_900_000_020_000;
        const { stores } = await start(keyA, () => now);
        for (let i = 0; i < 2; i++) await stores.rateLimit.hit('u', 2, 1000);
        expect((await stores.rateLimit.hit('u', 2, 1000)).allowed).toBe(false);
        now += 1000;
        expect(await stores.rateLimit.hit('u', 2, 1000)).toEqual({
          allowed: true,
          retryAfterMs: 0,
          noticeDue: false,
        });
      });
    });

    describe('settings', () => {
      it('merges patches and removes keys set to undefined', async () => {
        const { stores } = await start();
        expect(await stores.settings.user('telegram::1')).toEqual({});
        await stores.settings.updateUser('telegram::1', { locale: 'de' });
        expect(await stores.settings.updateUser('telegram::1', { lastCallId: 'c1' })).toEqual({
          locale: 'de',
          lastCallId: 'c1',
        });
        expect(await stores.settings.updateUser('telegram::1', { lastCallId: undefined })).toEqual({
          locale: 'de',
        });
        expect(await stores.settings.user('telegram::1')).toEqual({ locale: 'de' });
        await stores.settings.updateChat('telegram:-100', { showPersonalData: true });
        expect(await stores.settings.chat('telegram:-100')).toEqual({ showPersonalData: true });
        expect(await stores.settings.chat('telegram:-200')).toEqual({});
      });
    });
  });
}
