/**
 * `npm run soak`: the fault soak (docs/reliability.md §7), checked per command.
 *
 * Consoles (one identity each, one demo account) type lines concurrently through the console
 * channel, the core and the signed client, against the sandbox behind a fault proxy (see
 * `soak-provider.ts`, run in a child process), with the stores on a real redis-server behind a TCP
 * gate. During the run: reads get 5xx, 429 and malformed JSON; never-retry requests get 5xx, 429,
 * connections dropped before and after the provider ran them, answers held past the client
 * timeout and cut-off JSON; Redis is cut off for a while (an outage); the bot is shut down and a new
 * instance takes over (a rolling restart, in-flight commands drained up to a short deadline); and
 * some consoles try `/link` with usernames that cannot go into an HTTP header.
 *
 * Every never-retry command carries a number, PIN or call id of its own, so each request the
 * provider's front door saw is tied to the command that caused it. Per command the soak checks:
 * the provider received it at most once; what the user was told matches what the provider did
 * ("done" only when it was applied, "nothing changed" only when it was not, "unknown" only when the
 * request may have arrived and its answer did not come through). All ten never-retry operations are
 * in the mix, and top-ups use valid PINs, so a double application would show in the balance.
 *
 * Prints each figure with its goal and MET or MISSED; exits 1 when a goal is missed.
 * Knobs: SOAK_CONSOLES (40), SOAK_LINES (150 per console), SOAK_MINUTES (0: one round; else
 * rounds for that long, with RSS read after each, see `overTime`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createConsoleChannel } from '../src/adapters/console/console-channel.js';
import { loadConfig } from '../src/bots/config.js';
import { createRuntime, type Runtime } from '../src/bots/runtime.js';
import type { Core } from '../src/core/core.js';
import type { Identity } from '../src/core/identity.js';
import { createRedisGate } from '../test/helpers/redis-gate.js';
import { startRedisServer } from '../test/helpers/redis-server.js';
import { NEVER_RETRY_OPS, type ProviderFinal, runProvider, soakPin } from './soak-provider.js';

const CONSOLES = Number(process.env.SOAK_CONSOLES ?? 40);
const LINES = Number(process.env.SOAK_LINES ?? 150);
const CLIENT_TIMEOUT_MS = 1000;
const PINS = CONSOLES * LINES;
/** A line not answered within this is counted as lost (it never should be). */
const ANSWER_DEADLINE_MS = 60_000;

type Op = (typeof NEVER_RETRY_OPS)[number];
type Told = 'done' | 'unknown' | 'not done';

/** One never-retry command as the user saw it. */
interface Issued {
  op: Op;
  /** Found in the request's parameters: a number, PIN or call id used by no other command. */
  token: string;
  told: Told;
}

const SUCCESS: Record<Op, RegExp> = {
  topup: /Topped up\./,
  'webcallback.trycallback': /Calling \+/,
  'webcallback.stopcallback': /The call was stopped\./,
  'onlinecallthrough.store': /Stored: calls from/,
  'mycard-v2.insert': /: created\./,
  'mycard-v2.blockcard': /: blocked\./,
  'mycard-v2.unblockcard': /: unblocked\./,
  'mycard-v2.disableCliByNumber': /: disabled\./,
  'mycard-v2.changeCliByNumber': /: renumbered\./,
  'mycard-v2.activateMyCard': /: activated\./,
};

/** What the user was told about `op`, from the console text (notices about earlier commands left out). */
function toldOf(op: Op, answer: string): Told {
  const own = answer
    .split('\n')
    .filter((l) => !/was interrupted \(the bot restarted\)/.test(l))
    .join('\n');
  if (/do not know whether/.test(own)) return 'unknown';
  return SUCCESS[op].test(own) ? 'done' : 'not done';
}

// ---- the provider child ----------------------------------------------------------------------------

interface ProviderHandle {
  url: string;
  ask(command: 'reset' | 'stats' | 'final'): Promise<ProviderFinal>;
  stop(): Promise<void>;
}

async function startProvider(): Promise<ProviderHandle> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--provider'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
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
    async ask(command) {
      const line = nextLine();
      child.stdin!.write(`${command}\n`);
      return JSON.parse(await line) as ProviderFinal;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
    },
  };
}

// ---- the consoles ------------------------------------------------------------------------------------

/** Collects a console's output; `answer()` resolves with what was written since the last answer. */
class ConsoleOutput extends Writable {
  text = '';
  #waiter: (() => void) | undefined;
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    this.#waiter?.();
    done();
  }
  async answer(): Promise<string | undefined> {
    if (this.text.length === 0) {
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
    const answer = this.text;
    this.text = '';
    return answer;
  }
}

interface Tally {
  issued: number;
  answered: number;
  unanswered: number;
  lastGuard: number;
  storeUnavailable: number;
  restarting: number;
  badUsernameAttempts: number;
  byKind: Record<string, number>;
  commands: Issued[];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const random = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
let nextPin = 0;
/** This round's file of what each never-retry command's user saw (token, answer), for mismatches. */
let answersFile = '';
let badSample = '';

/** One person at one console: types `lines` lines, each after the answer to the one before. */
async function drive(core: Core, runtime: () => Runtime, user: number, lines: number, tally: Tally) {
  const identity: Identity = {
    platform: 'console',
    tenant: '',
    user: `soak-${user}`,
    displayName: `soak ${user}`,
  };
  await runtime().linkDemo(identity);
  const input = new PassThrough();
  const output = new ConsoleOutput();
  const channel = createConsoleChannel({
    core,
    input,
    output,
    interactive: false,
    identity,
    exportDir: tmpdir(),
  });
  const running = channel.run();
  let typed = 0;
  let serial = 0;
  const unique = () => `${pad(user, 2)}${pad(++serial, 6)}`;
  const type = async (line: string, kind: string): Promise<string> => {
    typed++;
    tally.issued++;
    tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
    input.write(`${line}\n`);
    const answer = await output.answer();
    if (answer === undefined) {
      tally.unanswered++;
      throw new Error(`console ${user}: no answer to "${line}" within ${ANSWER_DEADLINE_MS} ms`);
    }
    tally.answered++;
    if (answer.includes('Sorry, that failed')) tally.lastGuard++;
    if (answer.includes('temporarily unavailable')) {
      tally.storeUnavailable++;
      await sleep(100); // a person reads it and waits a moment
    }
    if (answer.includes('I am restarting right now')) tally.restarting++;
    return answer;
  };
  let lastAnswer = '';
  const confirmChoice = (answer: string) => /\[(\d+)\] Confirm/.exec(answer)?.[1];
  /** Types a never-retry command (and its confirmation, if asked) and records what the user was told. */
  const act = async (op: Op, token: string, line: string, kind: string): Promise<Told> => {
    let answer = await type(line, kind);
    const choice = confirmChoice(answer);
    if (choice) {
      if (typed >= lines) return 'not done';
      answer = await type(choice, `${kind} confirm`);
    }
    const told = toldOf(op, answer);
    tally.commands.push({ op, token, told });
    // What the user saw, for a mismatch's report: kept in a file, so the round's heap figure is the bot's.
    appendFileSync(answersFile, `${op} ${token}\t${answer.replace(/\s+/g, ' ').slice(0, 200)}\n`);
    lastAnswer = answer;
    return told;
  };
  const cardLifecycle = async () => {
    const id = unique();
    const cli = `49170${id}`;
    if ((await act('mycard-v2.insert', cli, `/card create +${cli} 5 Soak`, 'card create')) !== 'done') return;
    const pin = /PIN:\s*(\d+)/.exec(lastAnswer)?.[1];
    if (
      typed >= lines ||
      (await act('mycard-v2.blockcard', cli, `/card block +${cli}`, 'card block')) !== 'done'
    )
      return;
    if (typed >= lines) return;
    await act('mycard-v2.unblockcard', cli, `/card unblock +${cli}`, 'card unblock');
    if (pin && typed < lines)
      await act('mycard-v2.activateMyCard', cli, `/card activate +${cli} ${pin}`, 'card activate');
    if (typed >= lines) return;
    const next = `49171${id}`;
    if (
      (await act('mycard-v2.changeCliByNumber', cli, `/card renumber +${cli} +${next}`, 'card renumber')) !==
      'done'
    )
      return;
    if (typed < lines)
      await act('mycard-v2.disableCliByNumber', next, `/card disable +${next}`, 'card disable');
  };
  const script: (() => Promise<void>)[] = [
    async () => void (await type('/balance', 'balance')),
    async () => void (await type(`/rate +4930${random(7)}`, 'rate')),
    async () => void (await type('/numbers', 'numbers')),
    async () => void (await type('/cdrs', 'cdrs')),
    async () => {
      // Valid PINs, each used once: a second application would show in the balance.
      const pin = soakPin(nextPin++ % PINS);
      await act('topup', pin, `/topup ${pin}`, 'topup');
    },
    async () => {
      const b = `49176${unique()}`;
      const told = await act('webcallback.trycallback', b, `/call +4930${random(7)} +${b}`, 'call');
      const callId = /Call id:\s*(\S+)/.exec(lastAnswer)?.[1];
      const hangup = /\[(\d+)\] Hang up/.exec(lastAnswer)?.[1];
      if (told === 'done' && callId && hangup && typed < lines)
        await act('webcallback.stopcallback', callId, hangup, 'hangup press');
    },
    async () => {
      const b = `49177${unique()}`;
      await act('onlinecallthrough.store', b, `/target +4930${random(7)} +${b}`, 'target');
    },
    cardLifecycle,
    async () => {
      // The attack of docs/reliability.md §4.1: a username that cannot go into an HTTP header, then a password.
      tally.badUsernameAttempts++;
      const asked = await type(`/link ${pick(['dım', 'ბ', 'a\u0007b'])}`, 'bad username');
      if (!badSample) badSample = asked.trim();
      if (/password/i.test(asked) && typed < lines)
        await type('not-a-real-password', 'bad username password');
    },
  ];
  try {
    while (typed < lines) {
      // Multi-line steps only start when two lines fit; the rest stop early, the tail is /balance.
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
  return process.memoryUsage().heapUsed;
}
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;

let uncaught = 0;
let unhandled = 0;
function countCrashes(): void {
  process.on('uncaughtException', (err) => {
    uncaught++;
    process.stderr.write(`uncaught exception: ${err.stack}\n`);
  });
  process.on('unhandledRejection', (reason) => {
    unhandled++;
    process.stderr.write(`unhandled rejection: ${String(reason)}\n`);
  });
}

async function main(quiet = false): Promise<number> {
  // Each round starts a fresh provider with PINs 0 … PINS-1: its PINs are taken from the start.
  nextPin = 0;
  const provider = await startProvider();
  const redis = await startRedisServer();
  const gate = await createRedisGate(redis.port);
  const dir = await mkdtemp(join(tmpdir(), 'telephony-soak-'));
  answersFile = join(await mkdtemp(join(tmpdir(), 'telephony-soak-answers-')), 'answers.tsv');
  writeFileSync(answersFile, '');
  let unexpected = 0;
  let storeLogged = 0;
  const sink = new Writable({
    write(chunk, _enc, done) {
      const text = chunk.toString();
      if (text.includes('command failed unexpectedly')) unexpected++;
      if (text.includes('shared store (Redis) unreachable')) storeLogged++;
      done();
    },
  });
  const config = loadConfig({
    TELEPHONY_BASE_URL: provider.url,
    TELEPHONY_TIMEOUT_MS: String(CLIENT_TIMEOUT_MS),
    RATE_LIMIT_PER_MINUTE: '0',
    DATA_DIR: dir,
    REDIS_URL: gate.url,
    BOT_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  });
  const logger = pino({ level: 'warn' }, sink);
  let runtime = await createRuntime(config, logger);
  // The consoles talk to whichever instance is current: a rolling restart swaps it underneath.
  const core = new Proxy({} as Core, { get: (_t, key) => (runtime.core as never)[key] });
  const newTally = (): Tally => ({
    issued: 0,
    answered: 0,
    unanswered: 0,
    lastGuard: 0,
    storeUnavailable: 0,
    restarting: 0,
    badUsernameAttempts: 0,
    byKind: {},
    commands: [],
  });

  // Warm-up (not counted): JIT, pools and caches reach their working size before the start figure.
  await Promise.allSettled(
    // As many consoles as the soak: pools and buffers grow with concurrency, not with time.
    Array.from({ length: Math.min(CONSOLES, 50) }, (_, i) =>
      drive(core, () => runtime, 50 + i, 20, newTally()),
    ),
  );
  const before = await provider.ask('reset');
  const tally = newTally();
  const startHeap = memory();
  const started = performance.now();
  const total = CONSOLES * LINES;
  const consoles = Promise.allSettled(
    Array.from({ length: CONSOLES }, (_, i) => drive(core, () => runtime, i, LINES, tally)),
  );

  // The faults over time: a Redis outage at 25 %, a rolling restart at 60 %.
  const when = async (share: number) => {
    while (tally.answered < total * share && tally.answered + tally.unanswered < total) await sleep(20);
  };
  const events = (async () => {
    await when(0.25);
    const cutAt = tally.answered;
    await gate.cut();
    await sleep(1500);
    await gate.restore();
    const outage = { answeredDuring: tally.answered - cutAt };
    await when(0.6);
    // A shutdown and restart: the old instance stops taking commands ("restarting right now") and
    // finishes those in flight while the new one starts, then closes.
    const old = runtime;
    const draining = old.core.drain(10_000);
    // The new instance comes up after the old one refused some commands, as a restart takes a while.
    const refused = tally.restarting;
    const deadline = performance.now() + 3000;
    while (tally.restarting === refused && performance.now() < deadline) await sleep(5);
    runtime = await createRuntime(config, logger);
    const drained = await draining;
    await old.close();
    return { outage, restart: { drainedAll: drained } };
  })();
  const results = await consoles;
  const { outage, restart } = await events;
  const seconds = (performance.now() - started) / 1000;
  const failedConsoles = results.filter((r) => r.status === 'rejected');
  await runtime.close();
  // Before the provider's request log is read into this process: the figure is the bot's own.
  const endHeap = memory();
  const final = await provider.ask('final');
  await provider.stop();
  await gate.close();
  await redis.stop();
  await rm(dir, { recursive: true, force: true });

  // ---- per command ----
  const perOp = new Map<Op, { commands: number; requests: number; maxPerCommand: number; applied: number }>();
  for (const op of NEVER_RETRY_OPS) perOp.set(op, { commands: 0, requests: 0, maxPerCommand: 0, applied: 0 });
  const mismatches: string[] = [];
  const told: Record<Told, number> = { done: 0, unknown: 0, 'not done': 0 };
  let sentTwice = 0;
  const byOp = new Map<string, typeof final.records>();
  for (const r of final.records) byOp.set(r.op, [...(byOp.get(r.op) ?? []), r]);
  const answers = new Map(
    readFileSync(answersFile, 'utf8')
      .split('\n')
      .map((l) => l.split('\t') as [string, string]),
  );
  await rm(dirname(answersFile), { recursive: true, force: true });
  const saw = (c: Issued) => answers.get(`${c.op} ${c.token}`) ?? '?';
  for (const c of tally.commands) {
    const requests = (byOp.get(c.op) ?? []).filter((r) => r.text.includes(c.token));
    const row = perOp.get(c.op)!;
    row.commands++;
    row.requests += requests.length;
    row.maxPerCommand = Math.max(row.maxPerCommand, requests.length);
    if (requests.length > 1) sentTwice++;
    const applied = requests.some((r) => r.applied);
    if (applied) row.applied++;
    told[c.told]++;
    const arrived = requests.length > 0;
    const cleanAnswer = arrived && requests.every((r) => r.clean);
    if (c.told === 'done' && !applied)
      mismatches.push(`${c.op} ${c.token}: told done, provider did not apply it (${saw(c)})`);
    if (c.told === 'not done' && applied)
      mismatches.push(`${c.op} ${c.token}: told not done, provider applied it (${saw(c)})`);
    if (c.told === 'unknown' && !arrived)
      mismatches.push(`${c.op} ${c.token}: told unknown, request never arrived (${saw(c)})`);
    if (c.told === 'unknown' && cleanAnswer)
      mismatches.push(`${c.op} ${c.token}: told unknown, though the answer came through (${saw(c)})`);
  }
  const pinApplications = new Map<string, number>();
  for (const r of byOp.get('topup') ?? [])
    if (r.applied) {
      const pin = /7\d{9}/.exec(r.text)?.[0] ?? '';
      pinApplications.set(pin, (pinApplications.get(pin) ?? 0) + 1);
    }
  const pinsTwice = [...pinApplications.values()].filter((n) => n > 1).length;
  const pinSum = (p: Record<string, number>) => Object.values(p).reduce((a, b) => a + b, 0);
  const expectedBalance =
    before.balanceMinor + (pinSum(final.pinsUsed) - pinSum(before.pinsUsed)) - final.cdrAmountSinceReset;
  const faults: Record<string, number> = {};
  for (const r of final.records) faults[r.fault] = (faults[r.fault] ?? 0) + 1;
  const heapGrowth = (endHeap - startHeap) / startHeap;
  const opsExercised = [...perOp.values()].filter((r) => r.applied > 0).length;

  // ---- figures, each with its goal ----
  const out: string[] = [];
  const figures: { name: string; value: string; goal: string; met: boolean }[] = [];
  const figure = (name: string, value: string | number, goal: string, met: boolean) =>
    figures.push({ name, value: String(value), goal, met });
  figure(
    'commands answered / issued',
    `${tally.answered} / ${tally.issued}`,
    `all ${total}`,
    tally.answered === tally.issued && tally.issued === total,
  );
  figure(
    'crashes (uncaught, unhandled, last-guard, consoles failed)',
    `${uncaught}, ${unhandled}, ${tally.lastGuard}, ${failedConsoles.length}`,
    '0, 0, 0, 0',
    uncaught + unhandled + tally.lastGuard + failedConsoles.length === 0,
  );
  figure('unexpected errors logged by the core', unexpected, '0', unexpected === 0);
  figure('never-retry commands received more than once by the provider', sentTwice, '0', sentTwice === 0);
  figure('answers that do not match what the provider did', mismatches.length, '0', mismatches.length === 0);
  figure('PINs applied more than once', pinsTwice, '0', pinsTwice === 0);
  figure(
    'balance (minor units, scale 4): actual / start + PINs used - calls billed',
    `${final.balanceMinor} / ${expectedBalance}`,
    'equal',
    final.balanceMinor === expectedBalance,
  );
  figure(
    'never-retry operations exercised (applied at least once)',
    `${opsExercised} / 10`,
    '10 / 10',
    opsExercised === 10,
  );
  figure(
    'connections dropped by the provider (before / after it ran)',
    `${faults['drop-before'] ?? 0} / ${faults['drop-after'] ?? 0}`,
    'both > 0',
    (faults['drop-before'] ?? 0) > 0 && (faults['drop-after'] ?? 0) > 0,
  );
  figure(
    'Redis outage: commands answered "temporarily unavailable" / outage logged',
    `${tally.storeUnavailable} / ${storeLogged}`,
    '> 0 / >= 1',
    tally.storeUnavailable > 0 && storeLogged >= 1,
  );
  figure(
    'shutdown mid-run: commands answered "restarting" / in-flight commands finished',
    `${tally.restarting} / ${restart.drainedAll ? 'yes' : 'no'}`,
    '> 0 / yes',
    tally.restarting > 0 && restart.drainedAll,
  );
  figure(
    'bad-username /link attempts in the mix',
    tally.badUsernameAttempts,
    '> 0',
    tally.badUsernameAttempts > 0,
  );
  figure(
    'heap growth after GC, start to end',
    `${(heapGrowth * 100).toFixed(1)} % (${mb(startHeap)} -> ${mb(endHeap)})`,
    'within 10 %',
    Math.abs(heapGrowth) <= 0.1,
  );

  out.push(
    `soak: ${CONSOLES} consoles x ${LINES} lines, ${seconds.toFixed(0)} s, client timeout ${CLIENT_TIMEOUT_MS} ms, Redis store`,
  );
  out.push(
    `provider faults on never-retry requests: ${JSON.stringify(faults)}; reads: 10 % 5xx, 3 % 429, 1 % malformed JSON`,
  );
  out.push(`Redis outage: 1.5 s, ${outage.answeredDuring} answers during it`);
  out.push(`told: done ${told.done}, unknown ${told.unknown}, not done ${told['not done']}`);
  out.push('');
  out.push('never-retry operation            commands  requests  max per command  applied');
  for (const [op, r] of perOp)
    out.push(
      `${op.padEnd(32)} ${String(r.commands).padStart(8)}  ${String(r.requests).padStart(8)}  ${String(r.maxPerCommand).padStart(15)}  ${String(r.applied).padStart(7)}`,
    );
  out.push('');
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures)
    out.push(`${f.name.padEnd(width)}  ${f.value}   goal ${f.goal}   ${f.met ? 'MET' : 'MISSED'}`);
  for (const m of mismatches.slice(0, 10)) out.push(`  mismatch: ${m}`);
  for (const f of failedConsoles.slice(0, 5)) out.push(`  ${(f as PromiseRejectedResult).reason}`);
  out.push('');
  out.push(`lines by kind: ${JSON.stringify(tally.byKind)}`);
  out.push(`a bad-username /link was answered: ${JSON.stringify(badSample.slice(0, 160))}`);
  const failed = figures.filter((f) => !f.met).map((f) => f.name);
  if (!quiet) process.stdout.write(`${out.join('\n')}\n`);
  else if (failed.length)
    // Over time, a missed round names what it missed and each mismatch with what the user saw.
    process.stdout.write(
      [
        `  round missed: ${failed.join('; ')}`,
        ...mismatches.slice(0, 10).map((m) => `  mismatch: ${m}`),
      ].join('\n') + '\n',
    );
  return failed.length === 0 ? 0 : 1;
}

/**
 * `SOAK_MINUTES=30 npm run soak` (`npm run soak:memory` runs it for 5 minutes): the soak above,
 * round after round in one process for that long (each round with its Redis outage, rolling restart
 * and provider faults, checked as above), the heap used and the RSS read after a forced full GC at
 * the end of every round (docs/reliability.md §7.1). Goal: after a warm-up (five minutes, or a third of a
 * shorter run), the heap used after GC stays within 10 % of the figure the warm-up ended with; the
 * RSS is printed beside it (it also holds what V8 and the allocator keep for reuse).
 */
async function overTime(minutes: number): Promise<number> {
  const started = performance.now();
  const until = started + minutes * 60_000;
  const warmUpMs = Math.min(5 * 60_000, (minutes * 60_000) / 3);
  const samples: { at: number; rss: number; heap: number; ok: boolean }[] = [];
  let round = 0;
  while (performance.now() < until) {
    round++;
    const ok = (await main(true)) === 0;
    globalThis.gc?.();
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    const at = performance.now() - started;
    samples.push({ at, rss, heap: heapUsed, ok });
    process.stdout.write(
      `round ${round} at ${(at / 60_000).toFixed(1)} min: heap ${mb(heapUsed)}, RSS ${mb(rss)}${ok ? '' : ' (round MISSED a goal)'}\n`,
    );
  }
  const warm = samples.find((s) => s.at >= warmUpMs) ?? samples.at(-1)!;
  const after = samples.filter((s) => s.at >= warm.at);
  const last = samples.at(-1)!;
  const first = samples[0]!;
  const growth = (pick: (s: (typeof samples)[number]) => number) =>
    Math.max(...after.map(pick)) / pick(warm) - 1;
  const heapGrowth = growth((s) => s.heap);
  const rssGrowth = growth((s) => s.rss);
  const failedRounds = samples.filter((s) => !s.ok).length;
  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
  const gc = typeof globalThis.gc === 'function';
  process.stdout.write(
    [
      `soak over time: ${round} rounds in ${((performance.now() - started) / 60_000).toFixed(1)} min${gc ? '' : ' (no --expose-gc: heap figures are not after a full GC)'}`,
      `heap used after GC: after the warm-up (${(warm.at / 60_000).toFixed(1)} min) ${mb(warm.heap)}, highest after it ${mb(Math.max(...after.map((s) => s.heap)))}, at the end ${mb(last.heap)}: +${(heapGrowth * 100).toFixed(1)} %   goal within 10 %   ${verdict(heapGrowth <= 0.1 && gc)}`,
      `RSS beside it: after the warm-up ${mb(warm.rss)}, highest after it ${mb(Math.max(...after.map((s) => s.rss)))} (+${(rssGrowth * 100).toFixed(1)} %), at the end ${mb(last.rss)}; first round ${mb(first.rss)}`,
      `rounds that missed a goal of their own: ${failedRounds}   goal 0   ${verdict(failedRounds === 0)}`,
      `crashes: uncaught ${uncaught}, unhandled ${unhandled}   goal 0   ${verdict(uncaught + unhandled === 0)}`,
    ].join('\n') + '\n',
  );
  return heapGrowth <= 0.1 && gc && failedRounds === 0 && uncaught + unhandled === 0 ? 0 : 1;
}

if (process.argv.includes('--provider')) {
  await runProvider({ timeoutMs: CLIENT_TIMEOUT_MS, pins: PINS });
} else {
  countCrashes();
  const minutes = Number(process.env.SOAK_MINUTES ?? 0);
  process.exitCode = minutes > 0 ? await overTime(minutes) : await main();
  // The consoles' sockets and timers are closed; exit even if a stray handle remains.
  setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
}
