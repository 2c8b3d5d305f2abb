/**
 * The provider for `bench/slack.ts`, in its own thread: a real provider is another machine, and
 * the sandbox's own work must not be counted against the bot's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createSandbox } from '../src/sandbox/index.js';

const sandbox = createSandbox({ random: () => 0.5 });
await sandbox.listen({ port: 0, host: '127.0.0.1' });
parentPort!.on('message', (msg: { latencyMs: number }) => {
  sandbox.setFaults({ global: { latencyMs: msg.latencyMs } });
  parentPort!.postMessage({ type: 'faults-set' });
});
parentPort!.postMessage({ type: 'ready', url: sandbox.url, cardUrl: sandbox.cardUrl, data: workerData });
