import { spawn } from 'node:child_process';
import { createTransport, createTelephonyClient } from '../src/telephony/index.js';
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
const transport = createTransport();
const client = createTelephonyClient({ baseUrl: url, credentials: { username: 'b', password: 'p' }, transport });
await run(3000, () => client.account());
console.log((await run(20000, () => client.account())).toFixed(1), 'µs CPU/req');
await transport.close(); child.kill();
