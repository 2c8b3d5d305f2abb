/**
 * Slack's side of `bench/slack.ts`, in its own thread so that sending 200 requests and timing
 * them does not share the bot's event loop: the fake Web API and response_url, and the load.
 */
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { signedSlackRequest, slashCommandBody, startFakeSlack } from '../test/helpers/fake-slack.js';

const port = parentPort!;
const slack = await startFakeSlack();
port.postMessage({ type: 'slack', apiUrl: slack.apiUrl });
const [start] = (await once(port, 'message')) as [{ url: string; secret: string; commands: number }];
const { url, secret, commands } = start;

await signedSlackRequest(secret, slashCommandBody({ text: 'help', responseUrl: slack.responseUrl('warm') }), {
  url,
});
await slack.waitForCall('response_url', (c) => c.id === 'warm');
port.postMessage({ type: 'warm' });
await once(port, 'message');

const acks: number[] = [];
const started = performance.now();
const allAnswered = slack.waitForCalls('response_url', commands, (c) => String(c.id).startsWith('b'));
const statuses = await Promise.all(
  Array.from({ length: commands }, async (_, i) => {
    const body = slashCommandBody({
      text: 'balance',
      user: `U${i}`,
      responseUrl: slack.responseUrl(`b${i}`),
    });
    const t0 = performance.now();
    const res = await signedSlackRequest(secret, body, { url });
    acks.push(performance.now() - t0);
    return res.status;
  }),
);
const ackedMs = performance.now() - started;
const answers = await allAnswered;
const doneMs = performance.now() - started;
const failed = answers.filter((a) => JSON.stringify(a.body).includes(':x:')).length;
port.postMessage({
  type: 'result',
  acks,
  ackedMs,
  doneMs,
  answers: answers.length,
  failed,
  non200: statuses.filter((s) => s !== 200).length,
});
await slack.close();
