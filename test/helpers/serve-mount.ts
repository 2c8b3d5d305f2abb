import { createHealthServer, type HealthServer, type MountedHandler } from '../../src/bots/health-server.js';

/**
 * Serves a channel's HTTP handler the way `src/bots/main.ts` does: mounted on the bot's one HTTP
 * server (with its body limits and timeouts), on 127.0.0.1, port 0.
 */
export async function serveMount(
  mount: { path: string; handler: MountedHandler; maxBodyBytes: number },
  receiving?: () => boolean,
): Promise<HealthServer> {
  const server = createHealthServer({ port: 0, host: '127.0.0.1' });
  server.mount(mount.path, mount.handler, { maxBodyBytes: mount.maxBodyBytes });
  if (receiving) server.addCheck('channel', receiving);
  await server.listen();
  return server;
}
