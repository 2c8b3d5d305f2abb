import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
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
