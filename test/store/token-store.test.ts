import { describe, expect, it } from 'vitest';
import { createMemoryKeyValueStore } from '../../src/store/index.js';
import { createTokenStore, tokenHash } from '../../src/store/token-store.js';

/** The token store port (docs/mcp.md §8.3) on one key-value store shared by two instances. */
function twoInstances() {
  let now = Date.parse('2026-11-28T12:00:00Z');
  const kv = createMemoryKeyValueStore();
  const clock = () => now;
  return {
    kv,
    a: createTokenStore({ kv, now: clock }),
    b: createTokenStore({ kv, now: clock }),
    advance: (ms: number) => {
      now += ms;
    },
    at: (ms: number) => new Date(now + ms).toISOString(),
  };
}

const request = (expiresAt: string) => ({
  code: 'K7P2QX',
  clientId: 'c1',
  clientName: 'Assistant',
  redirectUri: 'https://client.example/cb',
  binding: { codeChallenge: 'x' },
  expiresAt,
});

describe('the token store', () => {
  it('keeps tokens and client secrets only as hashes, and finds them by the token', async () => {
    const s = twoInstances();
    await s.a.putClient(
      { clientId: 'c1', metadata: { client_name: 'A' }, createdAt: s.at(0) },
      'client-secret-123456',
    );
    const access = 'access-token-abcdefghijklmnop';
    const grant = {
      id: 'g1',
      owner: 'telegram::1',
      clientId: 'c1',
      clientName: 'A',
      redirectHost: 'h',
      createdAt: s.at(0),
    };
    await s.a.grant(grant, [
      { token: access, info: { kind: 'access', expiresAt: s.at(60_000), scopes: [] } },
    ]);
    const dump: string[] = [];
    for await (const key of s.kv.keys('')) dump.push(key, JSON.stringify(await s.kv.get(key)));
    expect(dump.join(' ')).not.toContain(access);
    expect(dump.join(' ')).not.toContain('client-secret-123456');
    expect(dump.join(' ')).toContain(tokenHash(access));
    expect(await s.b.token(access)).toMatchObject({ owner: 'telegram::1', grantId: 'g1', kind: 'access' });
    expect(await s.b.clientSecret('c1', 'client-secret-123456')).toBe('match');
    expect(await s.b.clientSecret('c1', 'wrong')).toBe('mismatch');
    expect(await s.b.client('c1')).toEqual({
      clientId: 'c1',
      metadata: { client_name: 'A' },
      createdAt: s.at(0),
    });
  });

  it('a registration nobody uses ends after a day; one with tokens lasts as long as its newest token', async () => {
    const s = twoInstances();
    const client = (clientId: string) => ({
      clientId,
      metadata: { client_name: clientId },
      createdAt: s.at(0),
    });
    await s.a.putClient(client('unused'), 'secret-of-the-unused-one');
    await s.a.putClient(client('used'));
    s.advance(3_600_000);
    const grant = {
      id: 'g',
      owner: 'o',
      clientId: 'used',
      clientName: 'used',
      redirectHost: 'x',
      createdAt: s.at(0),
    };
    const refreshFor = 30 * 24 * 3_600_000;
    await s.a.grant(grant, [
      { token: 'access-1', info: { kind: 'access', expiresAt: s.at(3_600_000), scopes: [] } },
      { token: 'refresh-1', info: { kind: 'refresh', expiresAt: s.at(refreshFor), scopes: [] } },
    ]);
    s.advance(23 * 3_600_000 - 1);
    expect(await s.b.client('unused')).toBeDefined();
    s.advance(1);
    expect(await s.b.client('unused'), 'a day after it registered, unused').toBeUndefined();
    expect(await s.b.clientSecret('unused', 'secret-of-the-unused-one')).toBe('none');
    expect(await s.b.client('used'), 'its refresh token still works').toBeDefined();
    // The refresh token was issued an hour in, so it ends 30 days and an hour after the registration.
    s.advance(refreshFor - 23 * 3_600_000 - 1);
    expect(await s.b.client('used')).toBeDefined();
    s.advance(1);
    expect(await s.b.client('used'), 'its last token ended').toBeUndefined();
  });

  it('a registration kept before registrations had a lifetime is not cut at deploy, and gets one with its next token', async () => {
    const s = twoInstances();
    // As an older version stored it: no expiresAt, registered a week ago, a 30-day refresh token out there.
    await s.kv.set('mcp-client:old', {
      clientId: 'old',
      metadata: { client_name: 'old' },
      createdAt: s.at(-7 * 86_400_000),
    });
    expect(await s.b.client('old'), 'a week-old registration still works').toBeDefined();
    const grant = {
      id: 'g',
      owner: 'o',
      clientId: 'old',
      clientName: 'old',
      redirectHost: 'x',
      createdAt: s.at(0),
    };
    await s.a.grant(grant, [
      { token: 'refresh-2', info: { kind: 'refresh', expiresAt: s.at(3_600_000), scopes: [] } },
    ]);
    s.advance(3_600_000);
    expect(await s.b.client('old'), 'ends with the token issued after the deploy').toBeUndefined();
  });

  it('a request is answered once, across instances, and ends with its expiry', async () => {
    const s = twoInstances();
    await s.a.openRequest(request(s.at(5 * 60_000)));
    const answers = await Promise.all([
      s.a.decide('k7p2qx', { kind: 'approved', owner: 'telegram::1' }),
      s.b.decide('K7P2QX', { kind: 'denied' }),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await Promise.all([s.a.closeRequest('K7P2QX'), s.b.closeRequest('K7P2QX')])).toEqual([
      true,
      false,
    ]);
    await s.a.openRequest({ ...request(s.at(60_000)), code: 'AAAAAA' });
    s.advance(60_001);
    expect(await s.b.request('AAAAAA')).toBeUndefined();
    expect(await s.b.decide('AAAAAA', { kind: 'denied' })).toBe(false);
  });

  it('a code and a refresh token work once; a revoked grant takes its tokens along', async () => {
    const s = twoInstances();
    const binding = {
      owner: 'o',
      clientId: 'c1',
      clientName: 'A',
      redirectUri: 'https://x/cb',
      codeChallenge: 'ch',
      scopes: [],
    };
    await s.a.putCode('the-code', binding, 60_000);
    expect((await s.b.peekCode('the-code'))?.codeChallenge).toBe('ch');
    const taken = await Promise.all([s.a.takeCode('the-code'), s.b.takeCode('the-code')]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const grant = {
      id: 'g',
      owner: 'o',
      clientId: 'c1',
      clientName: 'A',
      redirectHost: 'x',
      createdAt: s.at(0),
    };
    const info = (kind: 'access' | 'refresh') => ({ kind, expiresAt: s.at(3_600_000), scopes: [] });
    await s.a.grant(grant, [
      { token: 'access-1', info: info('access') },
      { token: 'refresh-1', info: info('refresh') },
    ]);
    const refreshed = await Promise.all([s.a.takeToken('refresh-1'), s.b.takeToken('refresh-1')]);
    expect(refreshed.filter(Boolean)).toHaveLength(1);
    expect(await s.a.addTokens('g', 'o', [{ token: 'access-2', info: info('access') }])).toBe(true);
    expect((await s.b.grants('o')).map((g) => g.id)).toEqual(['g']);
    expect(await s.b.revoke('o', 'g')).toBe(true);
    expect(await s.a.token('access-1')).toBeUndefined();
    expect(await s.a.token('access-2')).toBeUndefined();
    expect(await s.a.grants('o')).toEqual([]);
    expect(await s.a.addTokens('g', 'o', [{ token: 'access-3', info: info('access') }])).toBe(false);
  });

  it('a revoke that races a refresh or a touch leaves no token working and no grant behind', async () => {
    const s = twoInstances();
    const grant = {
      id: 'g',
      owner: 'o',
      clientId: 'c1',
      clientName: 'A',
      redirectHost: 'x',
      createdAt: s.at(0),
    };
    const info = (kind: 'access' | 'refresh') => ({ kind, expiresAt: s.at(3_600_000), scopes: [] });
    await s.a.grant(grant, [{ token: 'access-1', info: info('access') }]);
    // The refresh has read the grant; the revoke lands before it writes its new token.
    const kv = s.kv;
    const realGet = kv.get.bind(kv);
    let revokeBetween: Promise<unknown> | undefined;
    kv.get = (async (key: string) => {
      const value = await realGet(key);
      if (key.startsWith('mcp-grant:') && !revokeBetween) revokeBetween = s.b.revoke('o', 'g');
      return value;
    }) as typeof kv.get;
    await s.a.addTokens('g', 'o', [{ token: 'access-2', info: info('access') }]);
    await revokeBetween;
    kv.get = realGet as typeof kv.get;
    expect(await s.a.token('access-2')).toBeUndefined();
    // A touch after the revoke brings nothing back.
    await s.a.touch('o', 'g', s.at(1_000));
    expect(await s.a.grants('o')).toEqual([]);
    expect(await s.b.token('access-1')).toBeUndefined();
  });
});
