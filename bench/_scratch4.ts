import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { money, str } from '../src/telephony/wire.js';
function t(name: string, f: () => unknown, n = 100000) { for (let i = 0; i < 20000; i++) f(); const s = performance.now(); for (let i = 0; i < n; i++) f(); console.log(name.padEnd(30), ((performance.now() - s) * 1000 / n).toFixed(2), 'µs'); }
const e = { customername: 'B', customernumber: '1', accountnumber: '2', amount: '18,40', accountname: 'm' };
const optStr = z.union([z.string(), z.number(), z.null()]).optional().transform((v) => (v == null ? undefined : String(v)));
t('str', () => str.safeParse('x'));
t('optStr', () => optStr.safeParse('x'));
t('money', () => money('').safeParse('18,40'));
const m = money('');
t('money (built once)', () => m.safeParse('18,40'));
const lo = z.looseObject({ customername: optStr, customernumber: str, accountnumber: str, amount: m, accountname: optStr });
const o = z.object({ customername: optStr, customernumber: str, accountnumber: str, amount: m, accountname: optStr });
t('looseObject entry', () => lo.safeParse(e));
t('object entry', () => o.safeParse(e));
const plain = z.object({ customername: z.string(), customernumber: z.string(), accountnumber: z.string(), amount: z.string(), accountname: z.string() });
t('plain object strings', () => plain.safeParse(e));
t('String union only', () => z.union([z.string(), z.number()]).safeParse('x'));
