/**
 * `npm run bench:client`: the figures the README quotes for the signed client (issue 2).
 *
 * 1. Signing cost, µs per signature (`signHeaders`: x-date plus HMAC-SHA1, provider-notes 1.1).
 * 2. Requests per second of the client's `account()` against a minimal local node:http server,
 *    next to undici's plain `request()` sending the same signed request (fresh x-date + HMAC), same pool size, same concurrency,
 *    in the same run. Goal: the client reaches ≥ 80 % of plain undici.
 *
 * The server runs in a child process, so its CPU time is not charged to the side being measured, and
 * `process.cpuUsage()` gives the client side's own CPU cost per request: a figure that holds up on a
 * busy machine, where wall-clock req/s does not. Rounds alternate plain/client; the best round of each
 * is reported (the one least disturbed by other load) next to the median.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import {
  createTelephonyClient,
  createTransport,
  md5Hex,
  signature,
  signHeaders,
} from '../src/telephony/index.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CONNECTIONS = 16; // the client's default pool size per origin
const SIGNATURES = Number(process.env.BENCH_SIGNATURES ?? 200_000);

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

// ---- 2. requests per second -----------------------------------------------------------------------------

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
  /** Requests per second, wall clock. */
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Summary {
  bestRps: number;
  medianRps: number;
  /** Lowest CPU µs per request over the rounds. */
  cpuUs: number;
}

const summarise = (rounds: Round[]): Summary => ({
  bestRps: Math.max(...rounds.map((r) => r.rps)),
  medianRps: median(rounds.map((r) => r.rps)),
  cpuUs: Math.min(...rounds.map((r) => r.cpuUs)),
});

async function benchThroughput(url: string): Promise<{ plain: Summary; client: Summary }> {
  const pool = new Pool(url, { connections: CONNECTIONS, keepAliveTimeout: 30_000, pipelining: 1 });
  // The baseline sends the same signed request the provider requires (fresh x-date and HMAC per
  // request, spec 5), so the ratio measures the client's own layers: validation, timeout, decoding.
  const key = md5Hex('bench-password');
  const plain = async () => {
    const res = await pool.request({
      path: '/api/rest/v2/?account',
      method: 'GET',
      headers: {
        ...signHeaders('bench', key, new Date()),
        accept: 'application/json',
        connection: 'keep-alive',
      },
    });
    await res.body.text();
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
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
    plainRounds.push(await run(REQUESTS, plain));
    clientRounds.push(await run(REQUESTS, viaClient));
  }
  await client.close();
  await transport.close();
  await pool.close();
  const fmt = (rounds: Round[]) => rounds.map((x) => x.rps.toFixed(0)).join(' ');
  console.log(`  rounds, req/s: undici [${fmt(plainRounds)}]  client [${fmt(clientRounds)}]`);
  return { plain: summarise(plainRounds), client: summarise(clientRounds) };
}

// ---- main ---------------------------------------------------------------------------------------------------

const signing = benchSigning();
console.log(`signing (${SIGNATURES} signatures)`);
console.log(`  signHeaders (x-date + HMAC-SHA1 + base64): ${signing.signHeadersUs.toFixed(2)} µs/signature`);
console.log(`  signature() alone:                         ${signing.hmacOnlyUs.toFixed(2)} µs/signature`);

const server = await startServer();
console.log(
  `\naccount() vs undici request() sending the same signed request: ${ROUNDS} alternating rounds of ${REQUESTS} requests, ${CONCURRENCY} in flight, ` +
    `${CONNECTIONS} keep-alive connections, server in a child process (${process.version}, ${cpus().length} CPUs, ` +
    `load ${loadavg()[0]!.toFixed(1)})`,
);
try {
  const { plain, client } = await benchThroughput(server.url);
  const row = (name: string, s: Summary) =>
    `  ${name} best ${s.bestRps.toFixed(0).padStart(6)} req/s, median ${s.medianRps.toFixed(0).padStart(6)} req/s, ` +
    `${s.cpuUs.toFixed(1).padStart(6)} µs CPU/request`;
  console.log(row('undici request():', plain));
  console.log(row('client account():', client));
  const ratio = client.bestRps / plain.bestRps;
  const cpuRatio = plain.cpuUs / client.cpuUs;
  console.log(
    `  ratio: ${(ratio * 100).toFixed(1)} % of undici's req/s (best rounds), ` +
      `${((client.medianRps / plain.medianRps) * 100).toFixed(1)} % (medians), ` +
      `${(cpuRatio * 100).toFixed(1)} % by CPU cost; goal ≥ 80 %: ${ratio >= 0.8 ? 'met' : 'NOT met'}`,
  );
} finally {
  server.stop();
}
