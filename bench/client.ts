/**
 * `npm run bench:client`: the figures the README quotes for the signed client (docs/performance.md §2.1).
 *
 * 1. Signing cost, µs per signature (`signHeaders`: x-date plus HMAC-SHA1, provider-notes 1.1).
 * 2. CPU per request of the client's `account()` next to undici's plain `Pool.request()` sending the
 *    same signed request. Goal: the client costs at most 1/0.85 of plain undici's CPU, i.e. the
 *    **median CPU ratio** (undici CPU ÷ client CPU, one ratio per interleaved pair of rounds) ≥ 85 %.
 *
 * Honest by construction:
 * - the server runs in a child process, so its CPU is charged to neither side, and
 *   `process.cpuUsage()` measures this process only: the figure holds up on a busy machine where
 *   wall-clock req/s does not (contention slows both sides of a pair alike);
 * - the baseline signs every request exactly as the client does: the same `createSigner` (which
 *   shares an HMAC only between requests of the same millisecond, on both sides), a fresh x-date per
 *   request, the same headers, the same pool size and concurrency, and it reads the whole body;
 * - rounds alternate baseline/client, and the headline is the median of the per-pair ratios, not
 *   the best round.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import {
  createSigner,
  createTelephonyClient,
  createTransport,
  md5Hex,
  Secret,
  signature,
  signHeaders,
} from '../src/telephony/index.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const CONNECTIONS = 16; // the client's default pool size per origin
const SIGNATURES = Number(process.env.BENCH_SIGNATURES ?? 200_000);
const GOAL = 0.85;

// ---- 1. signing ---------------------------------------------------------------------------------------

function benchSigning(): { signHeadersUs: number; hmacOnlyUs: number } {
  const key = md5Hex('bench-password');
  const start = Date.UTC(2026, 10, 21, 9, 30, 0);
  let sink = 0;
  for (let i = 0; i < 20_000; i++)
    sink += signHeaders('bench', key, new Date(start + i))['x-authorization'].length;
  let t = performance.now();
  for (let i = 0; i < SIGNATURES; i++)
    sink += signHeaders('bench', key, new Date(start + i))['x-authorization'].length;
  const signHeadersUs = ((performance.now() - t) * 1000) / SIGNATURES;
  const xDate = '2026-11-21 09:30:00.000000 GMT+0000';
  t = performance.now();
  for (let i = 0; i < SIGNATURES; i++) sink += signature(key, xDate).length;
  const hmacOnlyUs = ((performance.now() - t) * 1000) / SIGNATURES;
  if (sink === 0) console.log('unreachable');
  return { signHeadersUs, hmacOnlyUs };
}

// ---- 2. CPU per request -------------------------------------------------------------------------------------

/** A fixed, valid spec 7 envelope with a spec 4.4 body: what `account()` decodes. */
const ENVELOPE = JSON.stringify({
  error: false,
  codes: [{ code: 200, description: 'OK' }],
  body: {
    accounts: [
      {
        customername: 'Bench Customer',
        customernumber: '100234',
        accountnumber: '4711',
        amount: '18,40',
        accountname: 'main',
      },
    ],
  },
});

const SERVER_SOURCE = `
const { createServer } = require('node:http');
const body = Buffer.from(process.env.BENCH_BODY);
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

async function startServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', SERVER_SOURCE], {
    env: { ...process.env, BENCH_BODY: ENVELOPE },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

interface Round {
  /** Requests per second, wall clock (shown for orientation only; it moves with the machine's load). */
  rps: number;
  /** CPU time of this process per request, µs (user + system). */
  cpuUs: number;
}

/** Runs `total` calls of `one`, `CONCURRENCY` in flight. */
async function run(total: number, one: () => Promise<unknown>): Promise<Round> {
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        next++;
        await one();
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { rps: total / seconds, cpuUs: (cpu.user + cpu.system) / total };
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => {
  const s = sorted(xs);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function benchCpu(url: string): Promise<{ plain: Round[]; client: Round[] }> {
  const pool = new Pool(url, { connections: CONNECTIONS, keepAliveTimeout: 30_000, pipelining: 1 });
  const sign = createSigner('bench', new Secret(md5Hex('bench-password')));
  const plain = async () => {
    const res = await pool.request({
      path: '/api/rest/v2/?account',
      method: 'GET',
      headers: { ...sign(new Date()), accept: 'application/json', connection: 'keep-alive' },
    });
    const text = await res.body.text();
    if (res.statusCode !== 200 || text.length === 0) throw new Error(`HTTP ${res.statusCode}`);
  };

  const transport = createTransport({ connections: CONNECTIONS });
  const client = createTelephonyClient({
    baseUrl: url,
    credentials: { username: 'bench', password: 'bench-password' },
    transport,
  });
  const viaClient = async () => {
    const accounts = await client.account();
    if (accounts.length !== 1) throw new Error('unexpected body');
  };

  await run(WARMUP, plain);
  await run(WARMUP, viaClient);
  const plainRounds: Round[] = [];
  const clientRounds: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which side goes first, so neither always runs right after the other's garbage.
    if (r % 2 === 0) {
      plainRounds.push(await run(REQUESTS, plain));
      clientRounds.push(await run(REQUESTS, viaClient));
    } else {
      clientRounds.push(await run(REQUESTS, viaClient));
      plainRounds.push(await run(REQUESTS, plain));
    }
  }
  await client.close();
  await transport.close();
  await pool.close();
  return { plain: plainRounds, client: clientRounds };
}

// ---- main ---------------------------------------------------------------------------------------------------

const signing = benchSigning();
console.log(`signing (${SIGNATURES} signatures)`);
console.log(`  signHeaders (x-date + HMAC-SHA1 + base64): ${signing.signHeadersUs.toFixed(2)} µs/signature`);
console.log(`  signature() alone:                         ${signing.hmacOnlyUs.toFixed(2)} µs/signature`);

const server = await startServer();
console.log(
  `\naccount() vs undici Pool.request() sending the same signed request: ${ROUNDS} interleaved pairs of rounds of ` +
    `${REQUESTS} requests, ${CONCURRENCY} in flight, ${CONNECTIONS} keep-alive connections, server in a child ` +
    `process (${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)})`,
);
try {
  const { plain, client } = await benchCpu(server.url);
  const fmt = (xs: number[], digits = 1) => xs.map((x) => x.toFixed(digits)).join(' ');
  const ratios = plain.map((p, i) => p.cpuUs / client[i]!.cpuUs);
  console.log(`  CPU µs/request, undici: [${fmt(plain.map((r) => r.cpuUs))}]`);
  console.log(`  CPU µs/request, client: [${fmt(client.map((r) => r.cpuUs))}]`);
  console.log(`  CPU ratio per pair (undici ÷ client): [${fmt(ratios.map((r) => r * 100))}] %`);
  console.log(
    `  req/s (wall clock, load-dependent): undici median ${median(plain.map((r) => r.rps)).toFixed(0)}, ` +
      `client median ${median(client.map((r) => r.rps)).toFixed(0)}`,
  );
  const s = sorted(ratios);
  const headline = median(ratios);
  console.log(
    `  median CPU ratio ${(headline * 100).toFixed(1)} % (min ${(s[0]! * 100).toFixed(1)} %, max ` +
      `${(s[s.length - 1]! * 100).toFixed(1)} %); undici ${median(plain.map((r) => r.cpuUs)).toFixed(1)} µs vs ` +
      `client ${median(client.map((r) => r.cpuUs)).toFixed(1)} µs CPU per request (medians)`,
  );
  console.log(
    `goal: client CPU ratio ≥ ${GOAL * 100} % of undici (median): ${headline >= GOAL ? 'MET' : 'MISSED'}`,
  );
} finally {
  server.stop();
}
