import { createServer, type Server, Socket } from 'node:net';

/**
 * A TCP gate in front of redis-server (`npm run soak`, outage tests): `cut()` is an outage as the
 * bot sees it (every connection reset, new ones refused), `restore()` lets connections through
 * again. Redis keeps its data meanwhile, as a network partition or a failover would.
 */
export interface RedisGate {
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function createRedisGate(redisPort: number): Promise<RedisGate> {
  const sockets = new Set<Socket>();
  let port = 0;
  const open = (): Promise<Server> =>
    new Promise((resolve, reject) => {
      const server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(redisPort, '127.0.0.1');
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve(server);
      });
    });
  let server: Server | undefined = await open();
  const shut = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    const closed = new Promise<void>((resolve) => s.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: shut,
    async restore() {
      server ??= await open();
    },
    close: shut,
  };
}
