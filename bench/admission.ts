/**
 * `npm run bench:admission` (docs/performance.md §6, admission control): 500 users each send 10
 * `/balance` at once through the Telegram webhook of a real bot process (the compiled `dist/`,
 * production defaults: 64 provider sockets, a backlog of 1024), the provider (the sandbox, each
 * user with an account of their own) answering after 250 ms. This process plays Telegram: it posts
 * updates over at most 40 connections (setWebhook's default `max_connections`) and delivers an
 * update answered with anything but 2xx again a second later, as Telegram does. 20 light users
 * send one `/balance` each once a third of the burst is in.
 *
 * Goals, MET or MISSED, measured side by side in this one run:
 * - provider sockets busy ≥ 90 % from the first update until drained: requests open at the sandbox,
 *   integrated over time, over 64 sockets × that time;
 * - the bot's RSS grows ≤ 100 MB (peak during the burst minus after the warm-up);
 * - no read refused as "late";
 * - a light user's wait (median) ≤ a quarter of a heavy user's (median per command), each wait from
 *   the user's send (the heavy users all at the start, a light one when it joins) to the reply;
 * - every update answered (none lost; Telegram delivers a refused one again with the same id);
 * - provider calls per `/balance` ≤ 1.15 (the floor: 1 + one names read per user and minute).
 *
 * Also printed: the bot's heap from its `/metrics` beside RSS (what is live, and what V8 keeps before
 * collecting it), the Bot API calls it made, and where a light user's wait went.
 *
 * The bot runs twice, side by side: with the production image's `NODE_OPTIONS` (the Dockerfile's, a
 * bound on V8's old space), then without them; BENCH_NODE_OPTIONS runs it once with those instead.
 *
 * BENCH_USERS (500), BENCH_PER_USER (10), BENCH_LATENCY_MS (250). For looking inside the bot:
 * BENCH_BOT_NODE_ARGS (node options for the bot, e.g. `--heapsnapshot-signal=SIGUSR2`) and
 * BENCH_SNAPSHOT_AT_MS (sends it SIGUSR2 that long into the burst: a heap snapshot in the cwd).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request, Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createSandbox, DEMO_DATA_PATH, type SandboxData } from '../src/sandbox/index.js';
import { md5Hex } from '../src/telephony/index.js';
import { FakeTelegram } from '../test/helpers/fake-telegram.js';
import { freePort } from '../test/helpers/free-port.js';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const PER_USER = Number(process.env.BENCH_PER_USER ?? 10);
const LIGHT = 20;
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 250);
const SOCKETS = 64;
const TELEGRAM_CONNECTIONS = 40;
const SECRET = 'bench-admission-secret';
const FIRST_USER = 50_000;
const root = new URL('..', import.meta.url).pathname;

const demo = parse(readFileSync(DEMO_DATA_PATH, 'utf8')) as SandboxData & {
  users: Record<string, unknown>[];
};
const template = demo.users.find((u) => u.username === 'demo')!;
const accounts = Array.from({ length: USERS + LIGHT }, (_, i) => ({
  ...template,
  password: undefined,
  md5: md5Hex(`pw${i}`),
  username: `u${i}`,
  customerNumber: String(300_000 + i),
  accountNumber: String(400_000 + i),
  sipLines: [],
  cdrs: [],
  callshopCdrs: [],
}));

interface Update {
  user: number;
  text: string;
  /** When the user sent it: the heavy users all at the start of the burst, a light user when it joins. */
  sentAt?: number;
  /** When the webhook answered it 2xx (taken into the bot's backlog). */
  acceptedAt?: number;
  repliedAt?: number;
  /** Telegram's id and date of the update: the same on every delivery of it (the bot dedupes by it). */
  updateId?: number;
  date?: number;
}

/** A `/balance` answer (its title), not another message to the same chat. */
const isBalance = (c: { payload: Record<string, unknown> }) => /Balance/.test(String(c.payload.text));
const chatOf = (c: { payload: Record<string, unknown> }) => Number(c.payload.chat_id);

let nextUpdateId = 1;
/** The bot's log lines (warn and above) by message, during the whole run. */
const botLog = new Map<string, number>();
/** The production image's `NODE_OPTIONS` (its Dockerfile's runtime ENV): the heap bound it sets. */
const imageNodeOptions =
  /^\s*NODE_OPTIONS=(\S+)/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[1] ?? '';
/** The bot as the image runs it, then without its node options, side by side; or as BENCH_NODE_OPTIONS says. */
const variants =
  process.env.BENCH_NODE_OPTIONS === undefined ? [imageNodeOptions, ''] : [process.env.BENCH_NODE_OPTIONS];

/** Posts one update to the webhook as Telegram does; resolves with the HTTP status. */
function post(port: number, u: Update): Promise<number> {
  const id = FIRST_USER + u.user;
  u.updateId ??= nextUpdateId++;
  u.date ??= Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    update_id: u.updateId,
    message: {
      message_id: u.updateId,
      date: u.date,
      chat: { id, type: 'private' },
      from: { id, is_bot: false, first_name: `U${u.user}`, language_code: 'en' },
      text: u.text,
    },
  });
  return new Promise((resolve) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        path: '/telegram/webhook',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-telegram-bot-api-secret-token': SECRET,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** Telegram: at most 40 posts at once; an update not answered 2xx is delivered again 1 s later. */
async function deliverAll(port: number, queue: Update[], refused: { n: number }): Promise<void> {
  let pending = 0;
  const worker = async () => {
    for (;;) {
      const u = queue.shift();
      if (!u) {
        if (pending === 0) return;
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const status = await post(port, u);
      if (status >= 200 && status < 300) {
        u.acceptedAt = performance.now();
        continue;
      }
      refused.n += 1;
      pending += 1;
      setTimeout(() => {
        pending -= 1;
        queue.unshift(u);
      }, 1000);
    }
  };
  await Promise.all(Array.from({ length: TELEGRAM_CONNECTIONS }, worker));
}

/** CPU seconds the process used so far (user + system, /proc clock ticks at 100 Hz). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Provider requests open at the sandbox, integrated over time: the provider's own view of how busy
 * the bot keeps its sockets. Counted on the sandbox's HTTP server (every request of this process
 * that is not the fake Bot API's `/bot<token>/…`), from arrival to the answer's end.
 */
/** Per account (`u<i>`), when its first provider request of the burst arrived (cleared at the start). */
const providerAt = new Map<string, number>();
const providerLastAt = new Map<string, number>();
const occupancy = { open: 0, since: performance.now(), area: 0 };
function occupancyStep(delta: number): void {
  const now = performance.now();
  occupancy.area += occupancy.open * (now - occupancy.since);
  occupancy.since = now;
  occupancy.open += delta;
}
const emit = Server.prototype.emit as (this: Server, event: string, ...args: unknown[]) => boolean;
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
  const [req, res] = args as [{ url?: string }, { once(e: string, f: () => void): void }];
  if (event === 'request' && !req.url?.startsWith('/bot')) {
    const who = String((req as { headers?: Record<string, unknown> }).headers?.['x-authorization'] ?? '');
    const name = who.slice(0, who.lastIndexOf(':'));
    if (!providerAt.has(name)) providerAt.set(name, performance.now());
    else if (!providerLastAt.has(name)) providerLastAt.set(name, performance.now());
    occupancyStep(1);
    res.once('close', () => occupancyStep(-1));
  }
  return emit.apply(this, [event, ...args]);
} as typeof Server.prototype.emit;

/** The bot's `/metrics` text, or `undefined` when it does not answer. */
function metricsText(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: '/metrics' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

/** The bot's own heap figures from its `/metrics` (prom-client's process metrics), in MB. */
async function heapMb(port: number): Promise<{ used: number; total: number } | undefined> {
  const text = await metricsText(port);
  if (text === undefined) return undefined;
  const figure = (name: string) =>
    Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 2 ** 20;
  return { used: figure('nodejs_heap_size_used_bytes'), total: figure('nodejs_heap_size_total_bytes') };
}

/** The bot's command outcomes other than `ok`, and its failed sends, from `/metrics` (whole run). */
async function outcomesOf(port: number): Promise<string[]> {
  const text = (await metricsText(port)) ?? '';
  return text
    .split('\n')
    .filter(
      (l) =>
        (/^telephony_bot_commands_total\{/.test(l) && !/outcome="ok"/.test(l)) ||
        /^telephony_bot_send_failures_total\{/.test(l),
    );
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

async function main(nodeOptions: string): Promise<void> {
  const sandbox = createSandbox({
    data: { ...demo, users: [...demo.users, ...accounts], cards: [] } as SandboxData,
  });
  await sandbox.listen();
  const telegram = await FakeTelegram.start({ token: '123456:bench-admission-token-abcdefgh' });
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-admission-'));
  const bot = spawn(
    process.execPath,
    [...(process.env.BENCH_BOT_NODE_ARGS?.split(' ') ?? []), join(root, 'bin/telephony-bot.js'), 'start'],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dir,
        BOT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        TELEPHONY_BASE_URL: sandbox.url,
        TELEPHONY_CARD_URL: sandbox.cardUrl,
        TELEGRAM_BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        TELEGRAM_MODE: 'webhook',
        TELEGRAM_WEBHOOK_URL: 'https://bot.example/telegram/webhook',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_WEBHOOK_PORT: String(port),
        LOG_LEVEL: 'warn',
        // The image's node options (Dockerfile ENV), unless BENCH_NODE_OPTIONS says otherwise.
        NODE_OPTIONS: nodeOptions,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  // The bot's warnings and errors by message (pino on stderr, LOG_LEVEL warn): where an unanswered update went.
  let partial = '';
  bot.stderr.on('data', (c: Buffer) => {
    const text = c.toString();
    stderr = (stderr + text).slice(-20_000);
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1];
      if (msg) botLog.set(msg, (botLog.get(msg) ?? 0) + 1);
    }
  });
  bot.stdout.resume();
  try {
    await waitFor(
      async () => (await post(port, { user: 0, text: '/help' })) === 200,
      30_000,
      () => stderr,
    );
    await link(port, telegram);
    // Warm-up: every user's first /balance outside the clock (connections, JIT, label cache cold).
    const warm = Array.from({ length: 64 }, (_, i) => ({ user: i, text: '/balance' }));
    const mark = telegram.mark();
    // A copy: deliverAll takes from the queue it is given (the wait below needs the list).
    await deliverAll(port, [...warm], { n: 0 });
    // Each warm-up user's own answer: the linking conversation's last messages may still be arriving.
    await Promise.all(
      warm.map((u) =>
        telegram.waitForCall('sendMessage', (c) => chatOf(c) === FIRST_USER + u.user && isBalance(c), {
          after: mark,
          guardMs: 60_000,
        }),
      ),
    );
    sandbox.setFaults({ global: { latencyMs: LATENCY_MS } });
    await measure(port, telegram, sandbox, bot.pid!, nodeOptions);
  } finally {
    if (bot.exitCode === null && bot.signalCode === null) {
      bot.kill('SIGTERM');
      await new Promise((r) => bot.once('exit', r));
    }
    sandbox.clearFaults();
    await sandbox.close();
    await telegram.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every user links their own account through the conversation: /link, username, password. */
async function link(port: number, telegram: FakeTelegram): Promise<void> {
  const steps = (i: number) => ['/link', `u${i}`, `pw${i}`];
  const users = Array.from({ length: USERS + LIGHT }, (_, i) => i);
  const one = async (i: number) => {
    for (const text of steps(i)) {
      const mark = telegram.mark();
      await post(port, { user: i, text });
      await telegram.waitForCall('sendMessage', (c) => Number(c.payload.chat_id) === FIRST_USER + i, {
        after: mark,
        guardMs: 60_000,
      });
    }
  };
  const workers = Array.from({ length: TELEGRAM_CONNECTIONS }, async () => {
    for (let i = users.shift(); i !== undefined; i = users.shift()) await one(i);
  });
  await Promise.all(workers);
}

async function measure(
  port: number,
  telegram: FakeTelegram,
  sandbox: ReturnType<typeof createSandbox>,
  pid: number,
  nodeOptions: string,
) {
  const heavy: Update[] = [];
  for (let k = 0; k < PER_USER; k++)
    for (let i = 0; i < USERS; i++) heavy.push({ user: i, text: '/balance' });
  const light: Update[] = Array.from({ length: LIGHT }, (_, j) => ({ user: USERS + j, text: '/balance' }));
  const all = [...heavy, ...light];
  const byChat = new Map<number, Update[]>();
  for (const u of all) byChat.set(FIRST_USER + u.user, [...(byChat.get(FIRST_USER + u.user) ?? []), u]);
  const before = sandbox.stats().handled;
  const calls0 = (before.account ?? 0) + (before.onlinecallthrough ?? 0);
  const rssBase = rssMb(pid);
  let rssPeak = rssBase;
  const mark = telegram.mark();
  let seen = mark;
  let late = 0;
  const replyCount = new Map<number, number>();
  /** Answers to a burst chat that are not its balance: a refusal (busy, late, rate limit) or a failure. */
  const others: string[] = [];
  botLog.clear();
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(pid));
    const now = performance.now();
    for (; seen < telegram.calls.length; seen++) {
      const c = telegram.calls[seen]!;
      if (c.method !== 'sendMessage') continue;
      if (/reached me late/.test(String(c.payload.text))) late += 1;
      const chat = Number(c.payload.chat_id);
      if (!isBalance(c)) {
        if (byChat.has(chat)) others.push(String(c.payload.text).replace(/\d+/g, 'N').slice(0, 70));
        continue;
      }
      const k = replyCount.get(chat) ?? 0;
      replyCount.set(chat, k + 1);
      const u = byChat.get(chat)?.[k];
      if (u) u.repliedAt = now;
    }
  }, 20);
  const refused = { n: 0 };
  // The heap beside RSS: what is live, and what V8 keeps before collecting it.
  const heap0 = await heapMb(port);
  const heapPeak = { used: 0, total: 0 };
  const heapSampler = setInterval(async () => {
    const h = await heapMb(port);
    if (!h) return;
    heapPeak.used = Math.max(heapPeak.used, h.used);
    heapPeak.total = Math.max(heapPeak.total, h.total);
  }, 500);
  const cpu0 = cpuSeconds(pid);
  const ownCpu0 = cpuSeconds(process.pid);
  occupancyStep(0);
  const area0 = occupancy.area;
  const started = performance.now();
  for (const u of heavy) u.sentAt = started;
  providerAt.clear();
  providerLastAt.clear();
  const queue = [...heavy];
  // The light users arrive once a third of the burst is in: at the head of what Telegram sends next.
  const lightAt = Math.floor(heavy.length / 3);
  const injector = setInterval(() => {
    if (heavy.length - queue.length < lightAt || light.length === 0) return;
    const now = performance.now();
    for (const u of light) u.sentAt = now;
    queue.unshift(...light.splice(0));
  }, 10);
  const snapshotAt = Number(process.env.BENCH_SNAPSHOT_AT_MS ?? 0);
  if (snapshotAt > 0) setTimeout(() => process.kill(pid, 'SIGUSR2'), snapshotAt);
  await deliverAll(port, queue, refused);
  clearInterval(injector);
  const replies = await waitForReplies(telegram, mark, all.length);
  await new Promise((r) => setTimeout(r, 60));
  clearInterval(sampler);
  clearInterval(heapSampler);
  const drainedMs = Math.max(...all.map((u) => u.repliedAt ?? 0)) - started;
  const cpu = cpuSeconds(pid) - cpu0;
  const ownCpu = cpuSeconds(process.pid) - ownCpu0;
  occupancyStep(0);
  const busy = (occupancy.area - area0) / (SOCKETS * (occupancy.since - started));
  const after = sandbox.stats().handled;
  const calls = (after.account ?? 0) + (after.onlinecallthrough ?? 0) - calls0;
  // From the user's send to the reply: how long the person waited, whatever Telegram did meanwhile.
  const waits = (us: Update[]) => us.map((u) => (u.repliedAt ?? Number.NaN) - (u.sentAt ?? Number.NaN));
  const lightWaits = waits(all.slice(heavy.length));
  const heavyWaits = waits(heavy);
  const growth = rssPeak - rssBase;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
  console.log(
    `${USERS} users x ${PER_USER} /balance + ${LIGHT} light users, webhook, provider ${LATENCY_MS} ms, ${SOCKETS} sockets, NODE_OPTIONS ${nodeOptions || '(none)'}`,
  );
  console.log(
    `  drained in ${s(drainedMs)}; ${calls} provider calls for ${all.length} /balance; 503 (redelivered): ${refused.n}; bot CPU ${((cpu * 100_000) / drainedMs).toFixed(0)} %, this process (Telegram and the provider) ${((ownCpu * 100_000) / drainedMs).toFixed(0)} % of one core; load ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `  provider sockets busy until drained: ${(busy * 100).toFixed(1)} % (goal ≥ 90 %) ${verdict(busy >= 0.9)}`,
  );
  console.log(
    `  bot RSS: ${rssBase.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB, +${growth.toFixed(0)} MB (goal ≤ 100 MB) ${verdict(growth <= 100)}`,
  );
  console.log(
    `  bot heap (its /metrics, every 0.5 s): used ${heap0?.used.toFixed(0)} → peak ${heapPeak.used.toFixed(0)} MB, V8's heap ${heap0?.total.toFixed(0)} → peak ${heapPeak.total.toFixed(0)} MB`,
  );
  // One reply per update: fewer is an update lost, more is one handled twice (or a stray reply).
  const extra = [...replyCount].filter(([chat, n]) => n > (byChat.get(chat)?.length ?? 0));
  console.log(
    `  replies: ${replies} for ${all.length} updates; chats with more replies than updates: ${extra.length}${
      extra.length
        ? ` (${extra
            .slice(0, 3)
            .map(([c, n]) => `${c}: ${n}`)
            .join(', ')})`
        : ''
    } (goal one each) ${verdict(replies === all.length && extra.length === 0)}`,
  );
  console.log(`  reads refused as late: ${late} (goal 0) ${verdict(late === 0)}`);
  printOutcomes(all.length, replies, others, byChat, replyCount);
  for (const line of await outcomesOf(port)) console.log(`    bot /metrics: ${line}`);
  console.log(
    `  wait, light users: median ${s(median(lightWaits))}, max ${s(Math.max(...lightWaits))}; heavy, per command: median ${s(median(heavyWaits))}, p95 ${s(pct(heavyWaits, 0.95))}` +
      ` (goal light median ≤ heavy median / 4) ${verdict(median(lightWaits) <= median(heavyWaits) / 4)}`,
  );
  const byMethod = new Map<string, number>();
  for (const c of telegram.calls.slice(mark)) byMethod.set(c.method, (byMethod.get(c.method) ?? 0) + 1);
  console.log(`  Bot API calls by the bot: ${[...byMethod].map(([m, n]) => `${m} ${n}`).join(', ')}`);
  // Where a light user's wait goes: at Telegram (503, delivered again), in the bot before its provider
  // call arrived, and from there to the reply.
  const lightUsers = all.slice(heavy.length);
  const part = (f: (u: Update) => number) => s(median(lightUsers.map(f)));
  console.log(
    `  light users' wait, median parts: at Telegram ${part((u) => (u.acceptedAt ?? 0) - (u.sentAt ?? 0))}, in the bot before the provider ${part((u) => (providerAt.get(`u${u.user}`) ?? 0) - (u.acceptedAt ?? 0))}, provider and reply ${part((u) => (u.repliedAt ?? 0) - (providerAt.get(`u${u.user}`) ?? 0))} (second request ${part((u) => (providerLastAt.get(`u${u.user}`) ?? 0) - (providerAt.get(`u${u.user}`) ?? 0))} after the first)`,
  );
  // The floor: one balance read per command, plus one names read per user and minute.
  const perCommand = calls / all.length;
  const floor = 1 + (USERS + LIGHT) / all.length;
  console.log(
    `  provider calls per /balance: ${perCommand.toFixed(3)} (floor ${floor.toFixed(3)}: one balance read each, one names read per user a minute; goal ≤ 1.15) ${verdict(perCommand <= 1.15)}`,
  );
}

/**
 * Per update: answered (its balance), refused (any other answer to its chat: busy, late, a rate
 * limit, a failure, with their words grouped), or lost (no answer at all); and the bot's own warnings
 * and errors meanwhile, which say where a lost one went.
 */
function printOutcomes(
  updates: number,
  answered: number,
  others: string[],
  byChat: Map<number, Update[]>,
  replyCount: Map<number, number>,
): void {
  const refused = others.length;
  const lost = updates - answered - refused;
  console.log(
    `  per update: answered ${answered}, refused ${refused}, lost ${lost} (goal lost 0) ${lost === 0 ? 'MET' : 'MISSED'}`,
  );
  const words = new Map<string, number>();
  for (const t of others) words.set(t, (words.get(t) ?? 0) + 1);
  for (const [t, n] of words) console.log(`    refused ${n}× "${t}"`);
  const short = [...byChat].filter(([chat, us]) => (replyCount.get(chat) ?? 0) < us.length);
  if (short.length > 0)
    console.log(
      `    chats with fewer balances than updates: ${short.length} (${short
        .slice(0, 5)
        .map(([c]) => c)
        .join(', ')})`,
    );
  for (const [msg, n] of botLog) console.log(`    bot log: ${n}× ${msg}`);
}

/** Waits until `count` balance answers arrived after `mark`, or none came for a minute; returns how many did. */
async function waitForReplies(telegram: FakeTelegram, mark: number, count: number): Promise<number> {
  let seen = -1;
  let since = performance.now();
  for (;;) {
    const n = telegram.calls.slice(mark).filter((c) => c.method === 'sendMessage' && isBalance(c)).length;
    if (n >= count) return n;
    if (n !== seen) [seen, since] = [n, performance.now()];
    else if (performance.now() - since > 60_000) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitFor(check: () => Promise<boolean>, ms: number, log: () => string): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !/could not start|not valid/.test(log())) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the bot did not start:\n${log()}`);
}

execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
for (const nodeOptions of variants) await main(nodeOptions);
