/**
 * One side of `npm run bench:mcp` (bench/mcp.ts), in its own process so its CPU time is its own:
 * `mcp` serves the MCP channel on stdio, `console` runs the console channel on stdin/stdout. Both
 * act as the same user on the same composition root as `start`, against the bench's sandbox
 * (`TELEPHONY_BASE_URL`), with the demo account linked.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import pino from 'pino';
import { createConsoleChannel } from '../src/adapters/console/console-channel.js';
import { createMcpServer } from '../src/adapters/mcp/server.js';
import { loadConfig } from '../src/bots/config.js';
import { createRuntime } from '../src/bots/runtime.js';
import type { Identity } from '../src/core/identity.js';

const mode = process.argv[2];
const identity: Identity = { platform: 'console', tenant: '', user: 'bench', displayName: 'Bench' };
const config = loadConfig(process.env);
const runtime = await createRuntime(config, pino({ level: 'silent' }));
await runtime.linkDemo(identity);
if (mode === 'mcp') {
  const server = createMcpServer({ core: runtime.core, identity });
  const transport = new StdioServerTransport();
  transport.onclose = () => void runtime.close().then(() => process.exit(0));
  await server.connect(transport);
  process.stderr.write('ready\n');
} else {
  const channel = createConsoleChannel({ core: runtime.core, identity, interactive: false });
  process.stderr.write('ready\n');
  await channel.run();
  await runtime.close();
  process.exit(0);
}
