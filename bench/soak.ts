/**
 * `npm run soak`: the fault soak of issue 7.
 *
 * 10,000 commands (button presses included) go through the console channel, the core and the signed
 * client, against the sandbox with faults injected: 10 % 5xx, 3 % 429 with `Retry-After`, 1 %
 * malformed JSON (all from the sandbox's own fault rules), and 5 % timeouts: a small proxy in front
 * of the sandbox holds 5 % of the answers for 1.5 s, past the client's 1 s timeout, *after* the
 * operation ran (the case a never-retry operation must report as "outcome unknown").
 *
 * 50 consoles (50 identities, one demo account) type 200 lines each, concurrently; each console waits
 * for the answer before typing its next line, as a person does. The sandbox and the proxy run in a
 * child process, so the memory figures are the bot's own: core, client, console, SQLite stores.
 *
 * Prints: commands answered vs issued; crashes (uncaught exceptions, unhandled rejections, the
 * console's last-guard "Sorry, that failed"); for each never-retry operation the requests the
 * sandbox received and handled vs the commands issued; heapUsed/rss at start and end, after GC.
 * Exits 1 when a goal is missed.
 *
 * Knobs: SOAK_CONSOLES (50), SOAK_LINES (200 per console), SOAK_TIMEOUT_RATE (0.05),
 * SOAK_WARMUP_LINES (50 per console on 10 consoles, before the start figure; not counted).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createConsoleChannel } from '../src/adapters/console/console-channel.js';
import { loadConfig } from '../src/bots/config.js';
import { createRuntime, type Runtime } from '../src/bots/runtime.js';
import type { Identity } from '../src/core/identity.js';
import { createSandbox } from '../src/sandbox/index.js';
import { createStoresFromConfig, keyringFromKeys } from '../src/store/index.js';

const CONSOLES = Number(process.env.SOAK_CONSOLES ?? 50);
const LINES = Number(process.env.SOAK_LINES ?? 200);
const TIMEOUT_RATE = Number(process.env.SOAK_TIMEOUT_RATE ?? 0.05);
const WARMUP_CONSOLES = 10;
const WARMUP_LINES = Number(process.env.SOAK_WARMUP_LINES ?? 50);
const CLIENT_TIMEOUT_MS = 1000;
const SLOW_ANSWER_MS = 1500;
/** A line not answered within this is counted as lost (it never should be). */
const ANSWER_DEADLINE_MS = 60_000;

const NEVER_RETRY = {
  topup: 'topup',
  call: 'webcallback.trycallback',
  hangup: 'webcallback.stopcallback',
  block: 'mycard-v2.blockcard',
  unblock: 'mycard-v2.unblockcard',
} as const;
type NeverRetryKey = keyof typeof NEVER_RETRY;

// ---- the provider side, in a child process ------------------------------------------------------

async function runProvider(): Promise<void> {
  const sandbox = createSandbox({
    faults: {
      global: {
        serverErrorProbability: 0.1,
        tooManyRequestsProbability: 0.03,
        retryAfterSeconds: 1,
        malformedJsonProbability: 0.01,
      },
    },
  });
  const { url, adminUrl } = await sandbox.listen({ port: 0 });
  const upstream = new URL(url);
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
  let slowed = 0;
  // The 5 % timeouts: forward at once (the operation runs), hold the answer past the client timeout.
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
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
          const body: Buffer[] = [];
          upRes.on('data', (c: Buffer) => body.push(c));
          upRes.on('end', () => {
            const send = () => {
              if (res.destroyed) return;
              res.writeHead(upRes.statusCode ?? 502, upRes.headers);
              res.end(Buffer.concat(body));
            };
            if (Math.random() < TIMEOUT_RATE) {
              slowed++;
              setTimeout(send, SLOW_ANSWER_MS);
            } else send();
          });
          upRes.on('error', () => res.destroy());
        },
      );
      // A dropped or cut answer from the sandbox is passed on as a dropped connection.
      up.on('error', () => res.destroy());
      up.end(Buffer.concat(chunks));
    });
    res.on('error', () => {});
  });
  proxy.listen(0, '127.0.0.1');
  await new Promise((resolve) => proxy.once('listening', resolve));
  const port = (proxy.address() as { port: number }).port;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, adminUrl })}\n`);
  process.stdin.on('data', (chunk: Buffer) => {
    // `reset` after the warm-up; anything else: report the figures.
    if (chunk.toString().startsWith('reset')) {
      sandbox.resetStats();
      slowed = 0;
    }
    process.stdout.write(`${JSON.stringify({ stats: sandbox.stats(), slowed })}\n`);
  });
  process.stdin.on('end', () => {
    void sandbox.close().then(() => process.exit(0));
  });
}

// ---- the bot side ---------------------------------------------------------------------------------

interface ProviderHandle {
  url: string;
  child: ChildProcess;
  figures(command?: 'reset'): Promise<{
    stats: { handled: Record<string, number>; received: Record<string, number> };
    slowed: number;
  }>;
  stop(): Promise<void>;
}

async function startProvider(): Promise<ProviderHandle> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--provider'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, SOAK_TIMEOUT_RATE: String(TIMEOUT_RATE) },
  });
  let buffer = '';
  const pending: ((line: string) => void)[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let i = buffer.indexOf('\n');
    while (i >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      pending.shift()?.(line);
      i = buffer.indexOf('\n');
    }
  });
  const nextLine = () => new Promise<string>((resolve) => pending.push(resolve));
  const { url } = JSON.parse(await nextLine()) as { url: string };
  return {
    url,
    child,
    async figures(command) {
      const line = nextLine();
      child.stdin!.write(`${command ?? 'stats'}\n`);
      return JSON.parse(await line);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
    },
  };
}

/** Collects a console's output; `waitForAnswer` resolves with what was written after `from`. */
class ConsoleOutput extends Writable {
  text = '';
  #waiter: (() => void) | undefined;
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    this.#waiter?.();
    done();
  }
  async waitForAnswer(from: number): Promise<string | undefined> {
    if (this.text.length === from) {
      const answered = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), ANSWER_DEADLINE_MS);
        this.#waiter = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      this.#waiter = undefined;
      if (!answered) return undefined;
    }
    // A reply is written in one turn (several writes); let the rest of it arrive.
    await nextTurn();
    const answer = this.text.slice(from);
    this.text = ''; // keep memory flat: only the current answer is kept
    return answer;
  }
}

interface Tally {
  issued: number;
  answered: number;
  unanswered: number;
  lastGuard: number;
  byCommand: Record<string, number>;
  neverRetryIssued: Record<NeverRetryKey, number>;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** One person at one console: types `lines` lines, each after the answer to the one before. */
async function drive(
  runtime: Runtime,
  user: string,
  lines: number,
  tally: Tally,
  exportDir: string,
): Promise<void> {
  const identity: Identity = { platform: 'console', tenant: '', user, displayName: user };
  await runtime.linkDemo(identity);
  const input = new PassThrough();
  const output = new ConsoleOutput();
  const channel = createConsoleChannel({
    core: runtime.core,
    input,
    output,
    interactive: false,
    identity,
    exportDir,
  });
  const running = channel.run();
  let typed = 0;
  const type = async (line: string, kind: string): Promise<string> => {
    typed++;
    tally.issued++;
    tally.byCommand[kind] = (tally.byCommand[kind] ?? 0) + 1;
    input.write(`${line}\n`);
    const answer = await output.waitForAnswer(0);
    if (answer === undefined) {
      tally.unanswered++;
      throw new Error(`console ${user}: no answer to "${line}" within ${ANSWER_DEADLINE_MS} ms`);
    }
    tally.answered++;
    if (answer.includes('Sorry, that failed')) tally.lastGuard++;
    return answer;
  };
  const hasChoice = (answer: string) => answer.includes('[1] ');
  const cards = ['+4917012345678', '+4915112345678'];
  const script: (() => Promise<void>)[] = [
    async () => void (await type('/balance', 'balance')),
    async () => void (await type(`/rate +4930${digits(7)} +4917${digits(8)}`, 'rate')),
    async () => void (await type('/lines', 'lines')),
    async () => void (await type('/numbers', 'numbers')),
    async () => void (await type('/cdrs', 'cdrs')),
    async () => {
      // A well-formed PIN the sandbox does not know: answered 1200, still one topup request.
      if (hasChoice(await type(`/topup 9${digits(9)}`, 'topup'))) {
        tally.neverRetryIssued.topup++;
        await type('1', 'topup confirm');
      }
    },
    async () => {
      const answer = await type(`/call +4930${digits(7)} +4917${digits(8)}`, 'call');
      tally.neverRetryIssued.call++;
      if (hasChoice(answer) && typed < lines) {
        tally.neverRetryIssued.hangup++;
        await type('1', 'hangup press');
      }
    },
    async () => {
      if (hasChoice(await type(`/card block ${pick(cards)}`, 'card block'))) {
        tally.neverRetryIssued.block++;
        await type('1', 'card block confirm');
      }
    },
    async () => {
      await type(`/card unblock ${pick(cards)}`, 'card unblock');
      tally.neverRetryIssued.unblock++;
    },
  ];
  try {
    while (typed < lines) {
      // Commands that need two lines only start when both fit, so every console types exactly `lines`.
      const step = lines - typed >= 2 ? pick(script) : script[0]!;
      await step();
    }
  } finally {
    input.end();
    await running;
  }
}

function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss };
}
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
const pct = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`;

async function main(): Promise<number> {
  if (!globalThis.gc) {
    process.stderr.write('run with --expose-gc (npm run soak does) so the memory figures are after GC\n');
  }
  let uncaught = 0;
  let unhandled = 0;
  process.on('uncaughtException', (err) => {
    uncaught++;
    process.stderr.write(`uncaught exception: ${err.stack}\n`);
  });
  process.on('unhandledRejection', (reason) => {
    unhandled++;
    process.stderr.write(`unhandled rejection: ${String(reason)}\n`);
  });

  const provider = await startProvider();
  const dir = await mkdtemp(join(tmpdir(), 'telephony-soak-'));
  let unexpectedErrors = 0;
  const errorSink = new Writable({
    write(_chunk, _enc, done) {
      unexpectedErrors++; // the core logs an error only for a failure it did not expect
      done();
    },
  });
  const config = loadConfig({
    TELEPHONY_BASE_URL: provider.url,
    TELEPHONY_TIMEOUT_MS: String(CLIENT_TIMEOUT_MS),
    RATE_LIMIT_PER_MINUTE: '0',
    DATA_DIR: dir,
  });
  // The production single-instance store: SQLite on disk (the audit log is not held in memory).
  const stores = await createStoresFromConfig(
    { kind: 'sqlite', path: join(dir, 'telephony-bot.sqlite') },
    keyringFromKeys(Buffer.alloc(32, 7)),
  );
  const runtime = await createRuntime(config, pino({ level: 'error' }, errorSink), { stores });
  const newTally = (): Tally => ({
    issued: 0,
    answered: 0,
    unanswered: 0,
    lastGuard: 0,
    byCommand: {},
    neverRetryIssued: { topup: 0, call: 0, hangup: 0, block: 0, unblock: 0 },
  });
  const exportDir = join(dir, 'exports');

  // Warm-up (not counted): JIT, connection pools and SQLite caches reach their working size first,
  // so the start figure is not the cold process. Its stats are reset before the soak.
  const coldMem = memory();
  const warm = newTally();
  await Promise.allSettled(
    Array.from({ length: WARMUP_CONSOLES }, (_, i) =>
      drive(runtime, `warm-${i}`, WARMUP_LINES, warm, exportDir),
    ),
  );
  await provider.figures('reset');

  const tally = newTally();
  const startMem = memory();
  const started = performance.now();
  const progress = setInterval(() => {
    process.stderr.write(`  ${tally.answered} / ${CONSOLES * LINES} answered\n`);
  }, 10_000);
  const results = await Promise.allSettled(
    Array.from({ length: CONSOLES }, (_, i) => drive(runtime, `soak-${i}`, LINES, tally, exportDir)),
  );
  clearInterval(progress);
  const seconds = (performance.now() - started) / 1000;
  const failedConsoles = results.filter((r) => r.status === 'rejected');
  const { stats, slowed } = await provider.figures();
  await runtime.close();
  const endMem = memory();
  await provider.stop();
  await rm(dir, { recursive: true, force: true });

  const rows = (Object.keys(NEVER_RETRY) as NeverRetryKey[]).map((k) => {
    const op = NEVER_RETRY[k];
    const issued = tally.neverRetryIssued[k];
    const received = stats.received[op] ?? 0;
    const handled = stats.handled[op] ?? 0;
    return { op, issued, received, handled, ok: received <= issued };
  });
  const heapGrowth = (endMem.heapUsed - startMem.heapUsed) / startMem.heapUsed;
  const goals = {
    everyCommandAnswered: tally.answered === tally.issued && tally.issued === CONSOLES * LINES,
    noCrash: uncaught === 0 && unhandled === 0 && tally.lastGuard === 0 && failedConsoles.length === 0,
    neverRetrySentAtMostOnce: rows.every((r) => r.ok),
    memoryFlatWithin10Percent: Math.abs(heapGrowth) <= 0.1,
  };

  const out: string[] = [];
  out.push(
    `soak: ${CONSOLES} consoles x ${LINES} lines, ${seconds.toFixed(0)} s, client timeout ${CLIENT_TIMEOUT_MS} ms`,
  );
  out.push(
    'faults: 10 % 5xx, 3 % 429 (Retry-After 1 s), 1 % malformed JSON, 5 % answers held 1.5 s (timeouts)',
  );
  out.push(`  answers held past the timeout by the proxy: ${slowed}`);
  out.push('');
  out.push(`commands answered / issued: ${tally.answered} / ${tally.issued}   (lost: ${tally.unanswered})`);
  out.push(
    `crashes: uncaught exceptions ${uncaught}, unhandled rejections ${unhandled}, console last-guard ${tally.lastGuard}, consoles failed ${failedConsoles.length}`,
  );
  out.push(`unexpected errors logged by the core: ${unexpectedErrors}`);
  out.push('');
  out.push(
    'never-retry operation        commands issued  sandbox received  sandbox handled  received <= issued',
  );
  for (const r of rows)
    out.push(
      `${r.op.padEnd(28)} ${String(r.issued).padStart(15)}  ${String(r.received).padStart(16)}  ${String(r.handled).padStart(15)}  ${r.ok ? 'yes' : 'NO'}`,
    );
  out.push('');
  out.push(
    `warm-up (not counted): ${warm.answered} / ${warm.issued} answered; cold heapUsed ${mb(coldMem.heapUsed)}, rss ${mb(coldMem.rss)}`,
  );
  out.push(`memory after GC   heapUsed              rss`);
  out.push(`  start           ${mb(startMem.heapUsed).padEnd(20)}  ${mb(startMem.rss)}`);
  out.push(`  end             ${mb(endMem.heapUsed).padEnd(20)}  ${mb(endMem.rss)}`);
  out.push(
    `  change          ${pct(startMem.heapUsed, endMem.heapUsed).padEnd(20)}  ${pct(startMem.rss, endMem.rss)}`,
  );
  out.push('');
  out.push(`commands by kind: ${JSON.stringify(tally.byCommand)}`);
  out.push('');
  for (const [goal, met] of Object.entries(goals)) out.push(`goal ${goal}: ${met ? 'met' : 'MISSED'}`);
  for (const f of failedConsoles) out.push(`  ${(f as PromiseRejectedResult).reason}`);
  process.stdout.write(`${out.join('\n')}\n`);
  return Object.values(goals).every(Boolean) ? 0 : 1;
}

if (process.argv.includes('--provider')) {
  await runProvider();
} else {
  process.exitCode = await main();
}
