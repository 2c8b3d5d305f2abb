import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelephonyClient, createTransport, md5Hex } from '../../src/telephony/index.js';

/**
 * A stall (a long GC, a starved machine) can make the client's deadline and the provider's answer
 * due at once. Node runs due timers before it reads sockets, so the deadline would win and a
 * never-retry operation that was answered would be reported unknown (the soak's "told unknown,
 * though the answer came through"). The answer already received must win. The provider runs in a
 * process of its own, so its answer arrives while this thread is stalled on purpose.
 */
const LATENCY_MS = 500;
const TIMEOUT_MS = 1_500;
/** Longer than the deadline and the provider's latency together, with room for a busy machine. */
const STALL_MS = 4_000;

describe('the client after a stall', () => {
  let child: ChildProcess;
  let url: string;
  const got: (() => void)[] = [];
  beforeAll(async () => {
    child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./stall-provider.ts', import.meta.url))],
      {
        env: { ...process.env, STALL_LATENCY_MS: String(LATENCY_MS) },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const lines = createInterface({ input: child.stdout! });
    url = await new Promise<string>((resolve) => lines.once('line', resolve));
    lines.on('line', (line) => {
      if (line === 'got') got.shift()?.();
    });
  }, 30_000);
  afterAll(async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin!.end();
    await exited;
  });

  it('takes an answer that arrived in time over a deadline that fell due during the stall', async () => {
    const transport = createTransport({ connections: 1 });
    const client = createTelephonyClient({
      baseUrl: url,
      credentials: { username: 'demo', md5: md5Hex('demo') },
      transport,
      timeoutMs: TIMEOUT_MS,
      retry: { maxRetries: 0 },
    });
    try {
      const arrived = new Promise<void>((resolve) => got.push(resolve));
      const answer = client.onlinecallthrough();
      await arrived;
      // The provider answers LATENCY_MS from now, while this thread sleeps past the deadline.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, STALL_MS);
      expect((await answer).account.username).toBe('demo');
    } finally {
      await transport.close();
    }
  });
});
