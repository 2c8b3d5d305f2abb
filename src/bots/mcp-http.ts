import type { Logger } from 'pino';
import { errorSummary } from '../core/logs/safe-error.js';
import type { ChatChannel } from './channels.js';
import { mcpHttpEnabled, mcpPublicUrl } from './config/mcp.js';
import { type Config, httpPortOf } from './config.js';
import { createHealthServer, type HealthServer } from './health-server.js';
import type { Runtime } from './runtime.js';
import type { Opened } from './shutdown.js';

/**
 * MCP over Streamable HTTP when configured (docs/mcp.md §8.1): on a listener of its own on
 * `MCP_HTTP_PORT`, else on the bot's one HTTP server, which `health` is (mounted before it listens).
 * The adapter and Express load only then. Config was checked at load (config/mcp.ts).
 */
export async function mountMcpHttp(o: {
  config: Config;
  runtime: Runtime;
  health: HealthServer | undefined;
  channels: ChatChannel[];
  opened: Opened[];
  logger: Logger;
}): Promise<void> {
  const { config, runtime, logger } = o;
  const publicUrl = mcpPublicUrl(config);
  if (!mcpHttpEnabled(config) || !publicUrl) return;
  const { createMcpHttp } = await import('../adapters/mcp/http/index.js');
  const mcp = createMcpHttp({
    core: runtime.core,
    tokens: runtime.stores.tokens,
    publicUrl,
    roadOut: runtime.proactive.outbox,
    telegramBot: () => o.channels.map((c) => c.deepLinkBot?.()).find(Boolean),
    logger: logger.child({ channel: 'mcp-http' }),
  });
  o.opened.push({ name: 'MCP sessions', close: () => mcp.close() });
  const own = config.MCP_HTTP_PORT !== undefined && config.MCP_HTTP_PORT !== httpPortOf(config);
  const server =
    own || !o.health
      ? createHealthServer({
          port: config.MCP_HTTP_PORT ?? 0,
          onHandlerError: (err) =>
            logger.error({ err: errorSummary(err) }, 'an MCP HTTP handler failed; answered 500'),
        })
      : o.health;
  for (const { path, maxBodyBytes } of mcp.paths) server.mount(path, mcp.handler, { maxBodyBytes });
  if (server !== o.health) {
    await server.listen();
    o.opened.push({ name: 'MCP HTTP server', close: () => server.close() });
  }
  logger.info(
    { url: new URL('/mcp', publicUrl).href, port: server === o.health ? 'shared' : server.port },
    'MCP over HTTP',
  );
}
