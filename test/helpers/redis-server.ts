import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createConnection } from 'node:net';
import { delimiter, join } from 'node:path';
import { freePort } from './free-port.js';

/**
 * A throwaway `redis-server` for the store contract suites (docs/accounts.md §3.1): a free port, no persistence,
 * stopped afterwards. When redis-server is missing, CI fails loudly; a local run warns loudly and the
 * Redis suites are skipped with a reason, never passed in silence.
 */

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

export const redisServerPath = findOnPath('redis-server');

const MISSING =
  'redis-server is not on PATH, so the Redis store contract suites cannot run. ' +
  'Install it (`apt-get install -y redis-server`, `brew install redis`); .ci/run installs it with apt-get.';

if (!redisServerPath) {
  if (process.env.CI) throw new Error(`CI is set and ${MISSING}`);
  const bar = '!'.repeat(100);
  console.warn(`\n${bar}\n!! SKIPPING REDIS SUITES: ${MISSING}\n${bar}\n`);
}

/** For `describe.skipIf(redisSkipped)`; the warning above says why. */
export const redisSkipped = redisServerPath === undefined;

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** One PING over a raw socket: true when the server answers +PONG. */
async function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a redis-server. With `port`, on that port (a restart after `stop()`, for outage tests:
 * docs/reliability.md §5.2); otherwise on a free one. With `dir`, `SAVE` writes its dump there, uncompressed, so a
 * test can read it; otherwise nothing is saved.
 */
export async function startRedisServer(options: { port?: number; dir?: string } = {}): Promise<RedisServer> {
  if (!redisServerPath) throw new Error(MISSING);
  // A port can be taken between probing and binding; a few attempts make that race harmless.
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = options.port ?? (await freePort());
    const child = spawn(
      redisServerPath,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
        ...(options.dir ? ['--dir', options.dir, '--rdbcompression', 'no'] : []),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk.toString();
    });
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    // Up to 10 s for the first PONG; the loop ends on exit too, so a failed start is reported at once.
    for (let i = 0; i < 200 && !exited; i++) {
      if (await ping(port)) return { url: `redis://127.0.0.1:${port}`, port, stop: () => stop(child) };
      await sleep(50);
    }
    await stop(child);
    lastError = new Error(`redis-server on port ${port} did not answer PING. stderr: ${stderr.trim()}`);
  }
  throw lastError;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
