/**
 * The provider side of `npm run soak`, run in a child process so the bot's memory figures are its
 * own: the sandbox, and a fault proxy in front of it that records every never-retry request.
 *
 * The proxy injects the faults of the never-retry operations itself, so it knows the truth of each
 * request: whether it reached the provider's front door, whether the sandbox applied it (an answer
 * with `error: false`), and whether the client got that answer intact. Faults, per request:
 * before forwarding (not applied): 5xx 3 %, 429 with Retry-After 2 %, connection dropped 2 %;
 * after forwarding (applied when the sandbox said so): answer held past the client timeout 5 %,
 * connection dropped 3 %, cut-off JSON 1 %. Reads get the sandbox's own faults (10 % 5xx, 3 % 429,
 * 1 % malformed JSON), which the client retries.
 */

import { readFileSync } from 'node:fs';
import { createServer, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { parse as parseYaml } from 'yaml';
import { createSandbox, DEMO_DATA_PATH, type SandboxData } from '../src/sandbox/index.js';
import { resolveRoute } from '../src/sandbox/routes.js';

export const NEVER_RETRY_OPS = [
  'topup',
  'webcallback.trycallback',
  'webcallback.stopcallback',
  'onlinecallthrough.store',
  'mycard-v2.insert',
  'mycard-v2.blockcard',
  'mycard-v2.unblockcard',
  'mycard-v2.disableCliByNumber',
  'mycard-v2.changeCliByNumber',
  'mycard-v2.activateMyCard',
] as const;

/** One never-retry request as the provider's front door saw it. */
export interface ProviderRecord {
  op: string;
  /** The decoded query and form, for finding the command by its unique number, PIN or call id. */
  text: string;
  /** The sandbox ran it and answered `error: false`. */
  applied: boolean;
  /** The client got the sandbox's answer intact and in time. */
  clean: boolean;
  fault: 'none' | '5xx' | '429' | 'drop-before' | 'held' | 'drop-after' | 'cut-json';
}

export interface ProviderFinal {
  records: ProviderRecord[];
  balanceMinor: number;
  /** Soak PINs the sandbox marked used, with their values (minor units, scale 4). */
  pinsUsed: Record<string, number>;
  /** The demo account's CDR amounts billed after `reset`. */
  cdrAmountSinceReset: number;
  handled: Record<string, number>;
}

export const SOAK_PIN_VALUE = '1,00';
export const soakPin = (i: number) => `7${String(i).padStart(9, '0')}`;

export async function runProvider(options: { timeoutMs: number; pins: number }): Promise<void> {
  const seed = parseYaml(readFileSync(DEMO_DATA_PATH, 'utf8')) as SandboxData & { pins: unknown[] };
  for (let i = 0; i < options.pins; i++)
    seed.pins.push({ pin: soakPin(i), value: SOAK_PIN_VALUE, currency: 'EUR', kind: 'cash' });
  const neverRetryQuiet = Object.fromEntries(NEVER_RETRY_OPS.map((op) => [op, {}]));
  const sandbox = createSandbox({
    data: seed,
    faults: {
      global: {
        serverErrorProbability: 0.1,
        tooManyRequestsProbability: 0.03,
        retryAfterSeconds: 1,
        malformedJsonProbability: 0.01,
      },
      // The proxy injects these operations' faults, so it knows what the sandbox did.
      routes: neverRetryQuiet,
    },
  });
  const { url } = await sandbox.listen({ port: 0 });
  const upstream = new URL(url);
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
  let records: ProviderRecord[] = [];
  let cdrsAtReset = 0;

  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = new URL(req.url ?? '/', 'http://proxy');
      const form = new URLSearchParams(req.method === 'POST' ? body.toString('utf8') : '');
      const route = resolveRoute(req.method ?? 'GET', target.pathname, target.searchParams, form);
      const op = route.kind === 'operation' ? route.spec.name : '';
      const guarded = (NEVER_RETRY_OPS as readonly string[]).includes(op);
      const record: ProviderRecord | undefined = guarded
        ? {
            op,
            text: `${decodeURIComponent(target.search)}&${decodeURIComponent(form.toString())}`,
            applied: false,
            clean: false,
            fault: 'none',
          }
        : undefined;
      if (record) records.push(record);
      const roll = Math.random();
      if (record && roll < 0.03) {
        record.fault = '5xx';
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: true, codes: { 504: 'injected fault' }, body: [] }));
        return;
      }
      if (record && roll < 0.05) {
        record.fault = '429';
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ error: true, codes: { 429: 'too many requests' }, body: [] }));
        return;
      }
      if (record && roll < 0.07) {
        record.fault = 'drop-before';
        req.socket.destroy();
        return;
      }
      const up = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent,
        },
        (upRes) => {
          const answer: Buffer[] = [];
          upRes.on('data', (c: Buffer) => answer.push(c));
          upRes.on('end', () => {
            const text = Buffer.concat(answer);
            if (record) {
              try {
                record.applied = (JSON.parse(text.toString('utf8')) as { error?: unknown }).error === false;
              } catch {
                record.applied = false;
              }
            }
            const send = (payload: Buffer, clean: boolean) => {
              if (res.destroyed) return;
              res.writeHead(upRes.statusCode ?? 502, upRes.headers);
              res.end(payload);
              if (record) record.clean = clean;
            };
            if (!record) return send(text, true);
            const after = Math.random();
            if (after < 0.05) {
              record.fault = 'held';
              setTimeout(() => send(text, false), options.timeoutMs * 1.5);
            } else if (after < 0.08) {
              record.fault = 'drop-after';
              req.socket.destroy();
            } else if (after < 0.09) {
              record.fault = 'cut-json';
              send(text.subarray(0, Math.floor(text.length / 2)), false);
            } else send(text, true);
          });
          upRes.on('error', () => res.destroy());
        },
      );
      up.on('error', () => res.destroy());
      up.end(body);
    });
    res.on('error', () => {});
  });
  proxy.listen(0, '127.0.0.1');
  await new Promise((resolve) => proxy.once('listening', resolve));
  const port = (proxy.address() as { port: number }).port;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);

  const cdrTotal = () => sandbox.state.cdrs('demo').reduce((sum, c) => sum + c.amount, 0);
  let buffer = '';
  process.stdin.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let i = buffer.indexOf('\n');
    while (i >= 0) {
      const command = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      i = buffer.indexOf('\n');
      if (command === 'reset') {
        // After the warm-up: only the soak's own requests count.
        sandbox.resetStats();
        records = [];
        cdrsAtReset = cdrTotal();
      }
      const pinsUsed: Record<string, number> = {};
      for (const p of sandbox.state.pins()) if (p.pin.startsWith('7') && p.usedBy) pinsUsed[p.pin] = p.value;
      const final: ProviderFinal = {
        records: command === 'final' ? records : [],
        balanceMinor: sandbox.state.balance('demo')!.minor,
        pinsUsed,
        cdrAmountSinceReset: cdrTotal() - cdrsAtReset,
        handled: sandbox.stats().handled,
      };
      process.stdout.write(`${JSON.stringify(final)}\n`);
    }
  });
  process.stdin.on('end', () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
