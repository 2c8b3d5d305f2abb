/**
 * Hostile load, "unsigned traffic costs almost nothing" (docs/performance.md §6): 3,000 connections
 * each announce a 512 KB body with a fresh timestamp and a made-up signature, send half of it and
 * stay open. The bot's one HTTP server with the Slack receiver runs in a child process; its RSS is
 * read before, while the connections hang, and after they close. Run side by side: the receiver
 * with its unverified-bytes budget (the default) and without one (what the receiver did before).
 *
 *   npm run bench:slack-unsigned
 */
import { fork } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import type { AppOptions } from '@slack/bolt';
import { SlackHttpReceiver } from '../src/adapters/slack/http-receiver.js';
import { SLACK_MAX_BODY_BYTES } from '../src/adapters/slack/options.js';
import { createHealthServer } from '../src/bots/health-server.js';

const CONNECTIONS = 3_000;
const SENT = SLACK_MAX_BODY_BYTES / 2;
const MB = 1024 * 1024;

type Ask = 'rss';

async function serve(budget: number): Promise<void> {
  const quiet: NonNullable<AppOptions['logger']> = {
    debug() {},
    info() {},
    warn() {},
    error() {},
    setLevel() {},
    getLevel: () => 'info' as never,
    setName() {},
  };
  const receiver = new SlackHttpReceiver({
    signingSecret: 'bench-secret',
    command: '/tel',
    maxBodyBytes: SLACK_MAX_BODY_BYTES,
    maxUnverifiedBytes: budget,
    dispatchWhen: async () => {},
    pending: () => {},
    logger: quiet,
  });
  const server = createHealthServer({ port: 0, host: '127.0.0.1', requestTimeoutMs: 600_000 });
  server.mount('/slack/events', receiver.requestListener, { maxBodyBytes: SLACK_MAX_BODY_BYTES });
  const port = await server.listen();
  process.on('message', (ask: Ask) => {
    if (ask !== 'rss') return;
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ rss: process.memoryUsage().rss, buffered: receiver.bufferedBytes() });
  });
  process.send?.({ port });
}

async function attack(budget: number) {
  const child = fork(new URL(import.meta.url).pathname, ['serve', String(budget)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
  });
  const next = () => new Promise<Record<string, number>>((resolve) => child.once('message', resolve));
  const port = (await next()).port ?? 0;
  const rss = async () => {
    child.send('rss');
    return next();
  };
  const before = await rss();
  const payload = Buffer.alloc(SENT, 0x61);
  const head = (ts: number) =>
    `POST /slack/events HTTP/1.1\r\nhost: bot\r\ncontent-type: application/x-www-form-urlencoded\r\n` +
    `content-length: ${SLACK_MAX_BODY_BYTES}\r\nx-slack-request-timestamp: ${ts}\r\n` +
    `x-slack-signature: v0=${'ab'.repeat(32)}\r\n\r\n`;
  const sockets: Socket[] = [];
  let refused = 0;
  let flushed = 0;
  await new Promise<void>((resolve) => {
    for (let i = 0; i < CONNECTIONS; i++) {
      const s = connect(port, '127.0.0.1');
      sockets.push(s);
      s.on('error', () => {});
      s.once('data', (c: Buffer) => {
        if (/^HTTP\/1\.1 (4|5)/.test(c.toString('latin1'))) refused++;
      });
      s.write(head(Math.floor(Date.now() / 1000)));
      const done = () => {
        if (++flushed === CONNECTIONS) resolve();
      };
      // Counted once written or refused: a closed socket takes no more.
      s.write(payload, done);
      s.once('close', done);
    }
  });
  await new Promise((r) => setTimeout(r, 2_000));
  const during = await rss();
  for (const s of sockets) s.destroy();
  await new Promise((r) => setTimeout(r, 2_000));
  const after = await rss();
  child.kill();
  return { before, during, after, refused };
}

if (process.argv[2] === 'serve') {
  await serve(Number(process.argv[3]));
} else {
  const rows = [];
  for (const [name, budget] of [
    ['no budget (before)', Number.POSITIVE_INFINITY],
    ['8 MiB budget (now)', 8 * MB],
  ] as const) {
    const r = await attack(budget);
    const mb = (n: number | undefined) => ((n ?? 0) / MB).toFixed(0);
    rows.push({ name, ...r });
    console.log(
      `${name}: RSS ${mb(r.before.rss)} MB → ${mb(r.during.rss)} MB with ${CONNECTIONS} half-sent bodies ` +
        `(buffered ${mb(r.during.buffered)} MB, ${r.refused} refused at once) → ${mb(r.after.rss)} MB after close`,
    );
  }
  const now = rows[1]!;
  const growth = ((now.during.rss ?? 0) - (now.before.rss ?? 0)) / MB;
  const goal = 64;
  console.log(
    `goal: RSS growth under the attack ≤ ${goal} MB, buffered 0 after close: ` +
      `${growth.toFixed(0)} MB, ${now.after.buffered} bytes ${growth <= goal && now.after.buffered === 0 ? 'MET' : 'MISSED'}`,
  );
}
