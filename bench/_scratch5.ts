import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { accountBody, envelope, money, str } from '../src/telephony/wire.js';
function t(name: string, f: () => unknown, n = 100000) { for (let i = 0; i < 20000; i++) f(); const s = performance.now(); for (let i = 0; i < n; i++) f(); console.log(name.padEnd(30), ((performance.now() - s) * 1000 / n).toFixed(2), 'µs'); }
const e = { customername: 'B', customernumber: '1', accountnumber: '2', amount: '18,40', accountname: 'm' };
const optStr = z.union([z.string(), z.number(), z.null()]).optional().transform((v) => (v == null ? undefined : String(v)));
const m = money('');
const lo = z.looseObject({ customername: optStr, customernumber: str, accountnumber: str, amount: m, accountname: optStr });
const arr = z.array(lo);
const un = z.union([arr, z.record(z.string(), z.unknown()).refine((r) => Object.keys(r).length === 0)]);
const outer = z.looseObject({ accounts: un.optional() });
const env = { error: false, codes: [{ code: 200, description: 'OK' }], body: { accounts: [e] } };
for (let k = 0; k < 2; k++) {
t('entry', () => lo.safeParse(e));
t('array', () => arr.safeParse([e]));
t('union', () => un.safeParse([e]));
t('outer', () => outer.safeParse({ accounts: [e] }));
t('accountBody', () => accountBody.safeParse({ accounts: [e] }));
t('envelope', () => envelope.safeParse(env));
}
