import { afterEach, describe, expect, it } from 'vitest';
import { createHealthServer, type HealthServer } from '../../src/bots/health-server.js';

describe('health server', () => {
  let server: HealthServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers /healthz always, /readyz only while ready', async () => {
    let ready = false;
    server = createHealthServer({ port: 0, host: '127.0.0.1', ready: () => ready });
    const port = await server.listen();
    const get = async (path: string, method = 'GET') => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
      return { status: res.status, body: await res.text() };
    };
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
    expect(await get('/readyz')).toEqual({ status: 503, body: 'not ready\n' });
    ready = true;
    expect(await get('/readyz')).toEqual({ status: 200, body: 'ready\n' });
    expect((await get('/healthz?probe=1')).status).toBe(200);
    expect((await get('/healthz', 'HEAD')).status).toBe(200);
    expect((await get('/healthz', 'POST')).status).toBe(405);
    expect((await get('/nope')).status).toBe(404);
  });

  it('closes even with a keep-alive connection open', async () => {
    server = createHealthServer({ port: 0, host: '127.0.0.1', ready: () => true });
    const port = await server.listen();
    await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'keep-alive' } });
    await expect(server.close()).resolves.toBeUndefined();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
