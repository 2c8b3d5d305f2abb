import { createServer } from 'node:http';
import { Pool } from 'undici';
import { createTransport, createTelephonyClient } from '../src/telephony/index.js';
let conns = 0;
const body = Buffer.from(JSON.stringify({error:false,codes:[{code:200,description:'OK'}],body:{accounts:[{customername:'B',customernumber:'1',accountnumber:'2',amount:'18,40',accountname:'m'}]}}));
const server = createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, {'content-type':'application/json','content-length':body.length}); res.end(body); }); });
server.on('connection', () => conns++);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as any).port}`;
async function run(total: number, one: () => Promise<unknown>) { let next = 0; await Promise.all(Array.from({ length: 32 }, async () => { while (next < total) { next++; await one(); } })); }
const pool = new Pool(url, { connections: 16 });
await run(2000, async () => { const r = await pool.request({ path: '/api/rest/v2/?account', method: 'GET' }); await r.body.text(); });
console.log('plain conns', conns); conns = 0;
const transport = createTransport();
const client = createTelephonyClient({ baseUrl: url, credentials: { username: 'b', password: 'p' }, transport });
await run(2000, () => client.account());
console.log('client conns', conns);
await pool.close(); await transport.close(); server.close();
