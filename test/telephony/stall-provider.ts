/**
 * The sandbox in a process of its own for deadline-after-stall.test.ts: it prints its URL, then
 * `got` as each request arrives (before answering it, `STALL_LATENCY_MS` later), so the test can
 * stall its own thread while the answer is on its way.
 */
import { Server } from 'node:http';
import { createSandbox } from '../../src/sandbox/index.js';

const emit = Server.prototype.emit as (this: Server, event: string, ...args: unknown[]) => boolean;
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
  if (event === 'request') process.stdout.write('got\n');
  return emit.apply(this, [event, ...args]);
} as typeof Server.prototype.emit;

const sandbox = createSandbox({
  faults: { global: { latencyMs: Number(process.env.STALL_LATENCY_MS ?? 500) } },
});
const { url } = await sandbox.listen({ port: 0 });
process.stdout.write(`${url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void sandbox.close().then(() => process.exit(0)));
