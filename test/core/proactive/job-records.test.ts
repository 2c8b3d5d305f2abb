import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CardCap } from '../../../src/core/ports/guard.js';
import { jobStores } from '../../../src/core/proactive/job-records.js';
import { createMemoryKeyValueStore, createStores, keyringFromKeys } from '../../../src/store/index.js';

const money = (minor: number) => ({ minor, scale: 2, currency: 'EUR' });

/** The job view (docs/reliability.md §8.1): no put, update or delete, and only the job's own fields written. */
describe('a job’s view of the records people edit', () => {
  it('offers no blind write, and drops fields the job does not own', async () => {
    const stores = createStores({
      kv: createMemoryKeyValueStore(),
      keyring: keyringFromKeys(randomBytes(32)),
    });
    const view = jobStores(stores);
    const caps = view.guard.cardCaps as unknown as Record<string, unknown>;
    expect(['put', 'update', 'delete'].filter((m) => m in caps)).toEqual([]);
    const cap = {
      id: 'o|4917',
      owner: 'o',
      username: 'cards',
      label: 'cards',
      destination: { platform: 'console', tenant: '', kind: 'user', user: 'o' },
      setBy: { platform: 'console', tenant: '', user: 'o' },
      cli: '4917',
      cap: money(200),
      spent: money(0),
      lastAmount: money(500),
      since: '2026-11-23T09:00:00Z',
    } satisfies CardCap;
    await stores.guard.cardCaps.put(cap);
    const seen = (await view.guard.cardCaps.get(cap.id))!;
    // A job passing the person's field along (a stale copy) writes its own fields only.
    const stale = { ...seen, cap: money(100_000), spent: money(100) } as Partial<CardCap>;
    await view.guard.cardCaps.settle(seen, stale);
    expect(await stores.guard.cardCaps.get(cap.id)).toMatchObject({ cap: money(200), spent: money(100) });
    await stores.close();
  });
});
