/**
 * `npm run bench:sandbox`: signed requests per second the sandbox serves on one core.
 *
 * The sandbox runs alone in a child process (one Node event loop = one core); this process only
 * generates load with undici over keep-alive connections. Signatures are pre-computed and
 * refreshed every second, so signing cost stays out of the figures while every request still
 * carries a valid, fresh x-date (provider-notes 1.2).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { createSandbox } from '../src/sandbox/index.js';
import { md5Hex, signHeaders } from '../src/telephony/signature.js';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const WARMUP_MS = 1_000;
const CONNECTIONS = 32;
const IN_FLIGHT = 64;

async function serve(): Promise<void> {
  const sandbox = createSandbox();
  const { url } = await sandbox.listen({ port: 0 });
  process.send?.({ url });
  process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)));
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
}

async function load(url: string, name: string, path: string): Promise<Result> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  const key = md5Hex('demo');
  let headers = signHeaders('demo', key, new Date());
  const refresh = setInterval(() => {
    headers = signHeaders('demo', key, new Date());
  }, 1_000);
  const latencies: number[] = [];
  let requests = 0;
  let errors = 0;
  let measuring = false;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const t0 = performance.now();
      try {
        const res = await pool.request({ path, method: 'GET', headers });
        const text = await res.body.text();
        if (res.statusCode !== 200 || !text.startsWith('{"error":false')) errors += measuring ? 1 : 0;
      } catch {
        errors += measuring ? 1 : 0;
      }
      if (measuring) {
        requests += 1;
        latencies.push(performance.now() - t0);
      }
    }
  };
  const workers = Array.from({ length: IN_FLIGHT }, worker);
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, DURATION_MS));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(workers);
  clearInterval(refresh);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { name, requests, errors, seconds, p50: pct(0.5), p99: pct(0.99) };
}

async function main(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  console.log(`sandbox bench: Node ${process.version}, sandbox in one child process (one core) at ${url}`);
  console.log(
    `  ${CONNECTIONS} keep-alive connections, ${IN_FLIGHT} requests in flight, ${DURATION_MS / 1000} s per operation after ${WARMUP_MS / 1000} s warm-up\n`,
  );
  const results = [
    await load(url, 'account', '/api/rest/v2/?account'),
    await load(url, 'rates (3 numbers)', '/api/rest/v2/?rates&numbers=4930123456|447700900123|12125550100'),
  ];
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(18)} ${Math.round(r.requests / r.seconds)
        .toString()
        .padStart(
          7,
        )} signed req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms   errors ${r.errors}`,
    );
  }
  child.disconnect();
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
}

if (process.argv.includes('--serve')) await serve();
else await main();
