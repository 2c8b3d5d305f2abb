/**
 * `npm run bench:telegram` (docs/performance.md §5): how much @grammyjs/runner buys over processing
 * updates one at a time, as grammY's `bot.start()` does, when the provider is slow.
 *
 * - The sandbox answers every operation after 250 ms (latency fault injection, provider-notes D9).
 * - 500 distinct chats each send `/balance` through the fake Bot API (real grammY over HTTP, the real
 *   core, the real client to the sandbox over HTTP).
 * - Runner: the channel as shipped (`run(bot)` with `sequentialize` by chat).
 * - Sequential: the same bot under `bot.start()`. At 250 ms a command, 500 chats would take minutes,
 *   so it runs 40 chats and the per-update cost is extrapolated to 500 (printed as such).
 * - Order: 100 chats each send three commands in a row; every chat's replies must come back in order.
 */
import { createTelegramChannel } from '../src/adapters/telegram/index.js';
import { createDedupeStore, createMemoryKeyValueStore } from '../src/store/index.js';
import { type RealStack, startRealStack } from '../test/adapters/telegram/real-stack.js';
import { FakeTelegram } from '../test/helpers/fake-telegram.js';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 250);
const CHATS = 500;
const SEQUENTIAL_CHATS = 40;
const ORDER_CHATS = 100;
const FIRST_USER = 10_000;
const silent = { info() {}, warn() {}, error: (obj: object, msg?: string) => console.error(msg, obj) };

async function channelFor(stack: RealStack, telegram: FakeTelegram) {
  return createTelegramChannel({
    core: stack.core,
    token: telegram.token,
    mode: 'polling',
    apiRoot: telegram.apiRoot,
    dedupe: createDedupeStore({ kv: createMemoryKeyValueStore() }),
    logger: silent,
    pollingTimeoutSeconds: 1,
  });
}

function user(i: number) {
  return { id: FIRST_USER + i, first_name: `User ${i}` };
}

/** Sends `/balance` from `chats` chats and resolves with the wall time until every reply was sent. */
async function burst(telegram: FakeTelegram, chats: number): Promise<number> {
  const mark = telegram.mark();
  const started = performance.now();
  for (let i = 0; i < chats; i++) telegram.message(user(i), '/balance');
  await telegram.waitForCalls('sendMessage', chats, () => true, { after: mark, guardMs: 600_000 });
  return performance.now() - started;
}

async function runnerRun(stack: RealStack): Promise<{ ms: number; orderOk: boolean; orderReplies: number }> {
  const telegram = await FakeTelegram.start();
  const channel = await channelFor(stack, telegram);
  await channel.start();
  try {
    const ms = await burst(telegram, CHATS);
    // Per-chat order: three distinct commands per chat, all chats at once.
    const numbers = ['+4930123456', '+4940123456', '+4989123456'];
    const mark = telegram.mark();
    for (let i = 0; i < ORDER_CHATS; i++) for (const n of numbers) telegram.message(user(i), `/check ${n}`);
    const replies = await telegram.waitForCalls('sendMessage', ORDER_CHATS * numbers.length, () => true, {
      after: mark,
      guardMs: 600_000,
    });
    let orderOk = true;
    for (let i = 0; i < ORDER_CHATS; i++) {
      const texts = replies
        .filter((c) => Number(c.payload.chat_id) === user(i).id)
        .map((c) => String(c.payload.text));
      const seen = texts.map((t) => numbers.findIndex((n) => t.includes(n)));
      if (seen.join() !== '0,1,2') orderOk = false;
    }
    return { ms, orderOk, orderReplies: replies.length };
  } finally {
    await channel.stop();
    await telegram.close();
  }
}

async function sequentialRun(stack: RealStack): Promise<number> {
  const telegram = await FakeTelegram.start();
  const channel = await channelFor(stack, telegram);
  // The same bot and middleware, driven by grammY's built-in loop: one update at a time.
  await channel.bot.init();
  const stopped = channel.bot.start({ timeout: 1 });
  try {
    return await burst(telegram, SEQUENTIAL_CHATS);
  } finally {
    await channel.bot.stop();
    await stopped;
    await telegram.close();
  }
}

async function main(): Promise<void> {
  const stack = await startRealStack({ connections: CHATS + 50 });
  try {
    for (let i = 0; i < CHATS; i++) await stack.linkDemo(user(i).id);
    // Warm-up outside the latency: connections, JIT.
    await runnerRunWarm(stack);
    stack.sandbox.setFaults({ global: { latencyMs: LATENCY_MS } });

    const runner = await runnerRun(stack);
    const sequentialMs = await sequentialRun(stack);
    const perUpdate = sequentialMs / SEQUENTIAL_CHATS;
    const extrapolated = perUpdate * CHATS;
    const speedup = extrapolated / runner.ms;

    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`Telegram channel, sandbox latency ${LATENCY_MS} ms per operation, one /balance per chat`);
    console.log(`  runner (run + sequentialize)   ${CHATS} chats: ${s(runner.ms)} for all replies`);
    console.log(
      `  sequential (bot.start())        ${SEQUENTIAL_CHATS} chats: ${s(sequentialMs)} measured, ${perUpdate.toFixed(0)} ms per update`,
    );
    console.log(
      `                                  ${CHATS} chats: ${s(extrapolated)} extrapolated from ${SEQUENTIAL_CHATS}`,
    );
    console.log(`  speed-up: ${speedup.toFixed(0)}x (goal >= 50x) ${speedup >= 50 ? 'OK' : 'MISSED'}`);
    console.log(
      `  per-chat order: ${ORDER_CHATS} chats x 3 commands, ${runner.orderReplies} replies, ${runner.orderOk ? 'all in order' : 'ORDER BROKEN'}`,
    );
    if (!runner.orderOk || speedup < 50) process.exitCode = 1;
  } finally {
    stack.sandbox.clearFaults();
    await stack.close();
  }
}

async function runnerRunWarm(stack: RealStack): Promise<void> {
  const telegram = await FakeTelegram.start();
  const channel = await channelFor(stack, telegram);
  await channel.start();
  await burst(telegram, 50);
  await channel.stop();
  await telegram.close();
}

await main();
