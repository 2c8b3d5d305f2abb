import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { DEMO_DATA_PATH, type SandboxData } from '../../src/sandbox/index.js';

/** A password that appears nowhere else, so finding it anywhere is a leak. */
export const PASSWORD = 'Pw-unique-7731!secret';
export const TOPUP_PIN = '1000000001';

/** The demo data plus `scanuser`, whose password is {@link PASSWORD}. */
export function seedWithScanUser(): SandboxData {
  const data = parse(readFileSync(DEMO_DATA_PATH, 'utf8')) as SandboxData & {
    users: Record<string, unknown>[];
  };
  const nocard = data.users.find((u) => u.username === 'nocard')!;
  data.users.push({
    ...nocard,
    username: 'scanuser',
    password: PASSWORD,
    customerNumber: '100099',
    accountNumber: '200099',
    callingCard: true,
  });
  return data;
}
