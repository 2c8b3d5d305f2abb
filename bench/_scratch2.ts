import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { envelope, accountBody } from '../src/telephony/wire.js';
import { createTransport, signHeaders, md5Hex, createTelephonyClient } from '../src/telephony/index.js';
const SRC = `const { createServer } = require('node:http');
const body = Buffer.from(JSON.stringify({error:false,codes:[{code:200,description:'OK'}],body:{accounts:[{customername:'B',customernumber:'1',accountnumber:'2',amount:'18,40',accountname:'m'}]}}));
const server = createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, {'content-type':'application/json','content-length':body.length}); res.end(body); }); });
server.keepAliveTimeout = 60000; server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));`;
const child = spawn(process.execPath, ['-e', SRC], { stdio: ['ignore', 'pipe', 'inherit'] });
const port: number = await new Promise((r) => child.stdout.once('data', (c) => r(Number(String(c).trim()))));
const url = `http://127.0.0.1:${port}`;
async function run(total: number, one: () => Promise<unknown>) { let next = 0; const c0 = process.cpuUsage();
  await Promise.all(Array.from({ length: 32 }, async () => { while (next < total) { next++; await one(); } }));
  const c = process.cpuUsage(c0); return (c.user + c.system) / total; }
const pool = new Pool(url, { connections: 16, keepAliveTimeout: 30000, pipelining: 1 });
const transport = createTransport();
const key = md5Hex('x');
const u = new URL(url + '/api/rest/v2/?account');
const H = { ...signHeaders('b', key, new Date()), accept: 'application/json', connection: 'keep-alive' };
const client = createTelephonyClient({ baseUrl: url, credentials: { username: 'b', password: 'p' }, transport });
delete (globalThis as any).x;
const variants: Record<string, () => Promise<unknown>> = {
  plain: async () => { const r = await pool.request({ path: '/api/rest/v2/?account', method: 'GET' }); await r.body.text(); },
  //staticHeaders: async () => { const r = await pool.request({ path: '/api/rest/v2/?account', method: 'GET', headers: H }); await r.body.text(); },
  //signal: async () => { const c = new AbortController(); const t = setTimeout(() => c.abort(), 10000); const r = await pool.request({ path: '/api/rest/v2/?account', method: 'GET', signal: c.signal }); await r.body.text(); clearTimeout(t); },
  //forAwait: async () => { const r = await pool.request({ path: '/api/rest/v2/?account', method: 'GET' }); const cs: Buffer[] = []; for await (const c of r.body) cs.push(c as Buffer); Buffer.concat(cs).toString('utf8'); },
  transport: async () => { const c = new AbortController(); await transport.send({ url: u, method: 'GET', headers: H, signal: c.signal }); },
  tSign: async () => { const c = new AbortController(); await transport.send({ url: u, method: 'GET', headers: { ...signHeaders('b', key, new Date()), accept: 'application/json', connection: 'keep-alive' }, signal: c.signal }); },
  tSignDecode: async () => { const c = new AbortController(); const t = setTimeout(() => c.abort(), 10000); const r = await transport.send({ url: u, method: 'GET', headers: { ...signHeaders('b', key, new Date()), accept: 'application/json', connection: 'keep-alive' }, signal: c.signal }); clearTimeout(t); const e = envelope.parse(JSON.parse(r.text)); return accountBody.parse(e.body); },
  client: () => client.account(),
};
for (const [, f] of Object.entries(variants)) await run(2000, f);
const res: Record<string, number[]> = {};
for (let round = 0; round < 5; round++) for (const [k, f] of Object.entries(variants)) (res[k] ??= []).push(await run(3000, f));
for (const [k, v] of Object.entries(res)) console.log(k.padEnd(14), 'min CPU µs/req', Math.min(...v).toFixed(1), ' all', v.map((x) => x.toFixed(0)).join(' '));
await pool.close(); await transport.close(); child.kill();
