/**
 * Slack's side of `bench/slack.ts`, in its own process (docs/performance.md §4.2): sending and timing the load
 * must not share the bot's CPU or event loop. It hosts the fake Web API and the response_urls,
 * and on request sends a burst (all at once) or a steady Poisson stream of signed slash commands,
 * reporting each request's time until its response (the ack).
 */
import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import { signedSlackRequest, slashCommandBody, startFakeSlack } from '../test/helpers/fake-slack.js';

export type LoadRequest =
  | {
      type: 'burst';
      url: string;
      secret: string;
      commands: number;
      text: string;
      tag: string;
      answers: boolean;
    }
  | { type: 'poisson'; url: string; secret: string; perSecond: number; commands: number; tag: string }
  | { type: 'close' };

export interface LoadResult {
  acks: number[];
  ackedMs: number;
  doneMs: number;
  answers: number;
  failed: number;
  non200: number;
}

const slack = await startFakeSlack();
const send = (msg: unknown) => process.send!(msg);
send({ type: 'slack', apiUrl: slack.apiUrl });

async function one(url: string, secret: string, text: string, user: string, id: string, dispatcher: Agent) {
  const body = slashCommandBody({ text, user, responseUrl: slack.responseUrl(id) });
  const t0 = performance.now();
  const res = await signedSlackRequest(secret, body, { url, dispatcher });
  return { ms: performance.now() - t0, status: res.status };
}

async function finish(
  started: number,
  tag: string,
  results: { ms: number; status: number }[],
  answersWanted: number,
): Promise<LoadResult> {
  const ackedMs = performance.now() - started;
  const answers = answersWanted
    ? await slack.waitForCalls('response_url', answersWanted, (c) => String(c.id).startsWith(`${tag}-`))
    : [];
  return {
    acks: results.map((r) => r.ms),
    ackedMs,
    doneMs: performance.now() - started,
    answers: answers.length,
    failed: answers.filter((a) => JSON.stringify(a.body).includes(':x:')).length,
    non200: results.filter((r) => r.status !== 200).length,
  };
}

process.on('message', async (msg: LoadRequest) => {
  if (msg.type === 'close') {
    await slack.close();
    process.exit(0);
  }
  // Every burst and every steady run opens its own connections, as Slack's many senders would: the
  // floor and the bot both pay for them. (Sharing one pool let the floor, whose keep-alive outlasts
  // the pause between its bursts, reuse warm connections while the bot's server, which closes idle
  // ones after 1 s, got new ones every burst.)
  const agent = new Agent({ connections: null });
  const started = performance.now();
  if (msg.type === 'burst') {
    const results = await Promise.all(
      Array.from({ length: msg.commands }, (_, i) =>
        one(msg.url, msg.secret, msg.text, `U${i}`, `${msg.tag}-${i}`, agent),
      ),
    );
    const result = await finish(started, msg.tag, results, msg.answers ? msg.commands : 0);
    await agent.close();
    // The server closes its side of those connections too; let it, before the next burst starts.
    await new Promise((resolve) => setTimeout(resolve, 100));
    send({ type: 'result', ...result });
    return;
  }
  // Poisson arrivals: exponential gaps with mean 1/perSecond, scheduled on absolute times.
  const pending: Promise<{ ms: number; status: number }>[] = [];
  let at = performance.now();
  for (let i = 0; i < msg.commands; i++) {
    at += (-Math.log(1 - Math.random()) * 1000) / msg.perSecond;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(msg.url, msg.secret, 'balance', `U${i % 200}`, `${msg.tag}-${i}`, agent));
  }
  const results = await Promise.all(pending);
  await agent.close();
  send({ type: 'result', ...(await finish(started, msg.tag, results, msg.commands)) });
});
