import { type Identity, identityKey } from '../core/identity.js';
import type { Stores } from '../store/stores.js';
import { md5Hex } from '../telephony/index.js';

/** Demo credentials of the shipped sandbox seed (public demo data, src/sandbox/demo-data.yaml). */
export const DEMO = {
  account: { username: 'demo', password: 'demo' },
  card: { username: 'cards', password: 'cards' },
};

/** Links the sandbox's demo account and card login to `identity`, unless it has credentials already. */
export async function linkDemoAccounts(stores: Stores, identity: Identity): Promise<void> {
  const key = identityKey(identity);
  if (await stores.credentials.get(key)) return;
  const now = new Date().toISOString();
  await stores.credentials.set(key, {
    credentials: [
      {
        label: 'demo',
        kind: 'account',
        username: DEMO.account.username,
        md5: md5Hex(DEMO.account.password),
        linkedAt: now,
      },
      {
        label: 'demo-cards',
        kind: 'card',
        username: DEMO.card.username,
        md5: md5Hex(DEMO.card.password),
        linkedAt: now,
      },
    ],
    active: 'demo',
  });
}
