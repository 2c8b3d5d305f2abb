import { performance } from 'node:perf_hooks';
import { signHeaders, md5Hex, formatXDate } from '../src/telephony/index.js';
import { envelope, accountBody } from '../src/telephony/wire.js';
import { operations } from '../src/telephony/operations.js';
const text = JSON.stringify({ error: false, codes: [{ code: 200, description: 'OK' }], body: { accounts: [{ customername: 'B', customernumber: '1', accountnumber: '2', amount: '18,40', accountname: 'm' }] } });
const key = md5Hex('p');
function t(name: string, f: () => unknown, n = 200000) { for (let i = 0; i < 20000; i++) f(); const s = performance.now(); for (let i = 0; i < n; i++) f(); console.log(name.padEnd(22), ((performance.now() - s) * 1000 / n).toFixed(2), 'µs'); }
t('JSON.parse', () => JSON.parse(text));
const j = JSON.parse(text);
t('envelope.safeParse', () => envelope.safeParse(j));
t('accountBody.safeParse', () => accountBody.safeParse(j.body));
t('params none', () => operations.account.params.safeParse({}));
t('signHeaders', () => signHeaders('b', key, new Date()));
t('formatXDate', () => formatXDate(new Date()));
t('AbortController+timer', () => { const c = new AbortController(); const tm = setTimeout(() => c.abort(), 1000); clearTimeout(tm); });
t('new URL+search', () => { const u = new URL('api/rest/v2/', 'http://127.0.0.1:1/'); u.search = '?account'; return u.origin + u.pathname + u.search; });
