import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Stores } from '../src/core/ports/stores.js';
import { DEMO_DATA_PATH, type SandboxData } from '../src/sandbox/index.js';

/**
 * The sandbox data of the sweep benches: the demo data plus `count` accounts `u0`…, each signed
 * with the password whose md5 is `md5`. One account in ten is below the 5,00 threshold: those alert.
 */
export function sweepSandboxData(count: number, md5: string): SandboxData {
  const demo = parse(readFileSync(DEMO_DATA_PATH, 'utf8')) as SandboxData & {
    users: Record<string, unknown>[];
  };
  const template = demo.users.find((u) => u.username === 'demo')!;
  const users = Array.from({ length: count }, (_, i) => ({
    ...template,
    password: undefined,
    md5,
    username: `u${i}`,
    customerNumber: String(300_000 + i),
    accountNumber: String(400_000 + i),
    balance: i % 10 === 0 ? '4,00' : '18,40',
    sipLines: [],
    cdrs: [],
    callshopCdrs: [],
  }));
  return { ...demo, users: [...demo.users, ...users], cards: [] } as SandboxData;
}

/** Links bench account `u<i>` to console user `w<i>` and watches its balance below 5,00 (an alert). */
export async function watchAccount(stores: Stores, i: number, md5: string, linkedAt: string): Promise<void> {
  const owner = `console::w${i}`;
  await stores.credentials.set(owner, {
    credentials: [{ label: 'main', kind: 'account', username: `u${i}`, md5, linkedAt }],
    active: 'main',
  });
  await stores.proactive.alerts.put({
    id: `${owner}|u${i}`,
    owner,
    username: `u${i}`,
    label: 'main',
    destination: { platform: 'console', tenant: '', kind: 'user', user: `w${i}` },
    setBy: { platform: 'console', tenant: '', user: `w${i}` },
    threshold: { minor: 500, scale: 2, currency: 'EUR' },
    armed: true,
    generation: 0,
  });
}
