import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { startSandbox } from './helpers.js';

/**
 * docs/reliability.md §4.3 for the sandbox the bot runs in-process: the admin endpoint answers
 * only to loopback `Host` names (a DNS-rebinding page sends its own), and both servers drop a
 * client that never finishes its request head.
 */
let sb: Sandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

function get(url: string, host: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('sandbox admin endpoint', () => {
  it('answers loopback Host names and refuses any other (DNS rebinding)', async () => {
    sb = await startSandbox();
    const port = new URL(sb.adminUrl).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'LOCALHOST'])
      expect((await get(`${sb.adminUrl}/stats`, host)).status, host).toBe(200);
    for (const host of [`evil.example:${port}`, 'attacker.test', `127.0.0.1.nip.io:${port}`]) {
      const res = await get(`${sb.adminUrl}/stats`, host);
      expect(res.status, host).toBe(403);
      expect(res.body).toContain('Host must be');
    }
  });

  it('the API server drops a client that never finishes its request head (408)', async () => {
    sb = await startSandbox();
    const head = await new Promise<string>((resolve) => {
      const u = new URL(sb!.url);
      const socket = connect(Number(u.port), u.hostname, () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n'));
      let data = '';
      socket.on('data', (c) => (data += c.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(head).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);
});
