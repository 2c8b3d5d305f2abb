import { z } from 'zod';
import { optionalUrl, port } from './fields.js';

/** Assistants over Streamable HTTP (docs/mcp.md §8): where `/mcp` listens and the public base clients reach. */
export const mcpSettings = z.object({
  MCP_HTTP_PORT: port()
    .optional()
    .meta({ example: '8090' })
    .describe(
      'Serves MCP over Streamable HTTP (`/mcp`, its OAuth authorization server and consent page) on a listener of its own on this port. Without it, `MCP_PUBLIC_URL` puts them on the one HTTP server (`HEALTH_PORT`).',
    ),
  MCP_PUBLIC_URL: optionalUrl(
    'MCP_PUBLIC_URL must be the public https origin, e.g. https://bot.example.com',
    {
      protocols: ['https', 'http'],
    },
  ).describe(
    'The public origin assistants reach `/mcp` at (the OAuth issuer): https, or http on localhost/127.0.0.1 only. Default with `MCP_HTTP_PORT`: `http://localhost:<MCP_HTTP_PORT>`.',
  ),
});

type McpSettings = z.infer<typeof mcpSettings>;

/** Whether MCP over HTTP is asked for. */
export const mcpHttpEnabled = (c: McpSettings) =>
  c.MCP_HTTP_PORT !== undefined || c.MCP_PUBLIC_URL !== undefined;

/** The public origin: the setting, else this machine's listener. Config was checked at load. */
export function mcpPublicUrl(c: McpSettings): URL | undefined {
  if (c.MCP_PUBLIC_URL) return new URL(c.MCP_PUBLIC_URL);
  return c.MCP_HTTP_PORT === undefined ? undefined : new URL(`http://localhost:${c.MCP_HTTP_PORT}`);
}

const LOCAL = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The whole MCP HTTP setting or none of it: a public base that is https (the MCP authorization spec
 * allows http on this machine only), an origin without a path, and a port to serve on.
 */
export function mcpProblems(c: McpSettings, onePort: number | undefined): string[] {
  const problems: string[] = [];
  const url = c.MCP_PUBLIC_URL ? new URL(c.MCP_PUBLIC_URL) : undefined;
  if (url && url.protocol !== 'https:' && !LOCAL.has(url.hostname))
    problems.push(
      `- MCP_PUBLIC_URL: assistants need https outside this machine (OAuth requires it), e.g. MCP_PUBLIC_URL=https://${url.host}; http works only for localhost and 127.0.0.1`,
    );
  if (url && (url.pathname !== '/' || url.search || url.hash))
    problems.push(
      `- MCP_PUBLIC_URL: give the origin only; the bot serves /mcp and the OAuth paths at its root, e.g. MCP_PUBLIC_URL=${url.origin}`,
    );
  if (url && c.MCP_HTTP_PORT === undefined && onePort === undefined)
    problems.push(
      '- MCP_PUBLIC_URL: MCP needs a port to listen on; set MCP_HTTP_PORT for its own listener, e.g. MCP_HTTP_PORT=8090, or HEALTH_PORT for the one HTTP server',
    );
  return problems;
}
