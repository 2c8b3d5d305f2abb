import { join } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import pino from 'pino';
import { operatingSystemUser } from '../adapters/console/console-channel.js';
import { createMcpServer } from '../adapters/mcp/server.js';
import { errorSummary } from '../core/logs/safe-error.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirError, prepareDataDir } from './data-dir.js';
import { createLogger } from './logger.js';
import { createRuntime, type Runtime } from './runtime.js';
import { EXIT } from './shutdown.js';
import { startFailureMessage } from './start-errors.js';

/** Where `mcp` speaks: stdout is the protocol's alone (docs/mcp.md §1.1), so everything else goes to stderr. */
export interface McpStdio {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  errors: NodeJS.WritableStream;
}

const processStdio = (): McpStdio => ({
  input: process.stdin,
  output: process.stdout,
  errors: process.stderr,
});

/**
 * `telephony-bot mcp` (docs/mcp.md §1): the MCP channel over stdio, acting as the console's user, on
 * the same configuration and composition root as `start`. With nothing set, the embedded sandbox
 * with its demo account linked. Beside a `start` on the same SQLite `DATA_DIR` the store's instance
 * lock refuses, naming `REDIS_URL` and `DATA_DIR`. Resolves with the exit code when the client
 * closes the connection.
 */
export async function mcpMain(env: NodeJS.ProcessEnv = process.env, stdio = processStdio()): Promise<number> {
  const say = (line: string) => stdio.errors.write(`${line}\n`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
    process.umask(0o077);
    prepareDataDir(config.DATA_DIR);
  } catch (err) {
    if (!(err instanceof ConfigError || err instanceof DataDirError)) throw err;
    say(err.message);
    return err instanceof ConfigError ? EXIT.config : EXIT.failed;
  }
  const logger = createLogger({
    level: config.LOG_LEVEL,
    destination: pino.destination({ dest: 2, sync: true }),
  });
  let runtime: Runtime;
  try {
    runtime = await createRuntime(config, logger);
  } catch (err) {
    logger.error({ err: errorSummary(err) }, 'mcp start failed');
    say(startFailureMessage(err, config));
    return EXIT.failed;
  }
  const identity = operatingSystemUser();
  if (runtime.sandbox) await runtime.linkDemo(identity);
  say(bannerOf(config, runtime, identity.user).join('\n'));
  const server = createMcpServer({
    core: runtime.core,
    identity,
    locale: config.LANG,
    // The core's road out: with no chat channel running beside stdio, a Confirm has nowhere to go (docs/mcp.md §4.2).
    roadOut: runtime.proactive.outbox,
    logger: logger.child({ channel: 'mcp' }),
  });
  const transport = new StdioServerTransport(
    stdio.input as ConstructorParameters<typeof StdioServerTransport>[0],
    stdio.output as ConstructorParameters<typeof StdioServerTransport>[1],
  );
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    stdio.input.once('end', resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close().catch(() => undefined);
  await runtime.close();
  return EXIT.ok;
}

/** The banner, on stderr: who the tools act for, the provider (the sandbox's admin URL), the store. */
function bannerOf(config: ReturnType<typeof loadConfig>, runtime: Runtime, user: string): string[] {
  return [
    `telephony-bot MCP server on stdio, acting as console user ${user}.`,
    `  provider: ${runtime.sandbox ? `embedded sandbox at ${runtime.baseUrl} (demo data)` : runtime.baseUrl}`,
    ...(runtime.sandbox
      ? [`  admin:    ${runtime.sandbox.adminUrl} (loopback; GET /stats, PUT|DELETE /faults)`]
      : []),
    `  store:    ${config.REDIS_URL ? 'Redis' : `SQLite in ${join(config.DATA_DIR, 'telephony-bot.sqlite')}`}`,
  ];
}
