import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHealthServer, type HealthServer } from '../../src/bots/health-server.js';

/** The bot's one HTTP server (docs/operations.md §2.1) and its hardening (docs/reliability.md §4.3). */
describe('health server', () => {
  let server: HealthServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const get = async (path: string, method = 'GET') => {
    const res = await fetch(`http://127.0.0.1:${server!.port}${path}`, { method });
    return { status: res.status, body: await res.text() };
  };

  it('answers /healthz always, /readyz only while every check passes and not draining', async () => {
    let telegram = false;
    let store = true;
    server = createHealthServer({ port: 0, host: '127.0.0.1' });
    server.addCheck('telegram', () => telegram);
    server.addCheck('store', () => store);
    await server.listen();
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
    expect(await get('/readyz')).toEqual({ status: 503, body: 'not ready: telegram\n' });
    telegram = true;
    expect(await get('/readyz')).toEqual({ status: 200, body: 'ready\n' });
    // A store check (docs/reliability.md §5.2: a Redis outage makes /readyz 503).
    store = false;
    expect(await get('/readyz')).toEqual({ status: 503, body: 'not ready: store\n' });
    store = true;
    server.drain();
    expect(await get('/readyz')).toEqual({ status: 503, body: 'not ready: draining\n' });
    expect((await get('/healthz?probe=1')).status).toBe(200);
    expect((await get('/healthz', 'HEAD')).status).toBe(200);
    expect((await get('/healthz', 'POST')).status).toBe(405);
    expect((await get('/nope')).status).toBe(404);
  });

  it('treats a check that throws as not ready', async () => {
    server = createHealthServer({ port: 0, host: '127.0.0.1' });
    server.addCheck('redis', () => {
      throw new Error('down');
    });
    await server.listen();
    expect(await get('/readyz')).toEqual({ status: 503, body: 'not ready: redis\n' });
  });

  it("/readyz's body carries each detail line, ready or not, and never fails on one", async () => {
    let telegram = true;
    let waiting = 12;
    server = createHealthServer({ port: 0, host: '127.0.0.1' });
    server.addCheck('telegram', () => telegram);
    server.addDetail('jobs', () => `${waiting} waiting, 3 active`);
    server.addDetail('broken', () => {
      throw new Error('no');
    });
    await server.listen();
    expect(await get('/readyz')).toEqual({
      status: 200,
      body: 'ready\njobs: 12 waiting, 3 active\nbroken: unavailable\n',
    });
    telegram = false;
    waiting = 0;
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: 'not ready: telegram\njobs: 0 waiting, 3 active\nbroken: unavailable\n',
    });
  });

  it('serves mounted handlers, refuses a second handler on a served path', async () => {
    server = createHealthServer({ port: 0, host: '127.0.0.1' });
    server.mount('/hook', (_req, res) => res.end('hooked'), { maxBodyBytes: 100 });
    expect(() => server!.mount('/hook', () => {}, { maxBodyBytes: 1 })).toThrow(/already served/);
    expect(() => server!.mount('/readyz', () => {}, { maxBodyBytes: 1 })).toThrow(/already served/);
    expect(server.serves('/hook')).toBe(true);
    await server.listen();
    const res = await fetch(`http://127.0.0.1:${server.port}/hook`, {
      method: 'POST',
      body: 'x'.repeat(100),
    });
    expect({ status: res.status, body: await res.text() }).toEqual({ status: 200, body: 'hooked' });
  });

  it('a mounted handler that throws at once costs its request (500), not the process', async () => {
    const failures: unknown[] = [];
    server = createHealthServer({ port: 0, host: '127.0.0.1', onHandlerError: (err) => failures.push(err) });
    server.mount(
      '/hook',
      () => {
        throw new TypeError('a bug in a handler');
      },
      { maxBodyBytes: 100 },
    );
    await server.listen();
    const res = await fetch(`http://127.0.0.1:${server.port}/hook`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    expect(failures).toEqual([new TypeError('a bug in a handler')]);
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok\n' });
  });

  it('answers 413 to a body over the mount limit, and 411 to one without a length, unread', async () => {
    let called = 0;
    server = createHealthServer({ port: 0, host: '127.0.0.1' });
    server.mount(
      '/hook',
      (_req, res) => {
        called++;
        res.end();
      },
      { maxBodyBytes: 1024 },
    );
    await server.listen();
    const big = await fetch(`http://127.0.0.1:${server.port}/hook`, {
      method: 'POST',
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: server!.port, path: '/hook', method: 'POST' },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('chunk');
      req.end();
    });
    expect(chunked).toBe(411);
    expect(called).toBe(0);
  });

  it('sets header and request timeouts (docs/reliability.md §4.3, slowloris)', async () => {
    server = createHealthServer({ port: 0, host: '127.0.0.1', headersTimeoutMs: 200, requestTimeoutMs: 300 });
    await server.listen();
    // A client that sends half a request head and then nothing is disconnected by the server.
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(server!.port, '127.0.0.1', () =>
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'),
      );
      let data = '';
      socket.on('data', (c) => (data += c.toString()));
      socket.on('close', () => resolve(data));
    });
    expect(closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes even with a keep-alive connection open', async () => {
    server = createHealthServer({ port: 0, host: '127.0.0.1' });
    const port = await server.listen();
    await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'keep-alive' } });
    await expect(server.close()).resolves.toBeUndefined();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('rejects listen() on a port in use, with the error code the start message names', async () => {
    server = createHealthServer({ port: 0, host: '127.0.0.1' });
    const port = await server.listen();
    const second = createHealthServer({ port, host: '127.0.0.1' });
    await expect(second.listen()).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
