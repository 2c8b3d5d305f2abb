import { describe, expect, it } from 'vitest';
import { mcpPublicUrl } from '../../../src/bots/config/mcp.js';
import { loadConfig } from '../../../src/bots/config.js';
import { mountMcpHttp } from '../../../src/bots/mcp-http.js';
import type { Opened } from '../../../src/bots/shutdown.js';
import { problemLines, refusalOf } from '../../helpers/config-refusal.js';
import { freePort } from '../../helpers/free-port.js';
import { createTestStack } from '../../helpers/stack.js';

describe('MCP over HTTP settings (docs/mcp.md §8.1), checked at start', () => {
  it('refuses http outside this machine, a path, and a public URL with no port to serve on', () => {
    expect(
      problemLines(refusalOf({ MCP_PUBLIC_URL: 'http://bot.example.com', HEALTH_PORT: '8081' })),
    ).toEqual([
      expect.stringMatching(/^- MCP_PUBLIC_URL: .*https.*e\.g\. MCP_PUBLIC_URL=https:\/\/bot\.example\.com/),
    ]);
    expect(refusalOf({ MCP_PUBLIC_URL: 'https://bot.example.com/mcp', HEALTH_PORT: '8081' })).toContain(
      'give the origin only',
    );
    expect(refusalOf({ MCP_PUBLIC_URL: 'https://bot.example.com' })).toContain('MCP_HTTP_PORT=8090');
  });

  it('takes https anywhere, http on localhost, and defaults the public URL to its own port', () => {
    const https = loadConfig({ MCP_PUBLIC_URL: 'https://bot.example.com', HEALTH_PORT: '8081' });
    expect(mcpPublicUrl(https)?.href).toBe('https://bot.example.com/');
    expect(
      mcpPublicUrl(loadConfig({ MCP_PUBLIC_URL: 'http://127.0.0.1:9000', HEALTH_PORT: '9000' }))?.port,
    ).toBe('9000');
    expect(mcpPublicUrl(loadConfig({ MCP_HTTP_PORT: '8090' }))?.href).toBe('http://localhost:8090/');
    expect(mcpPublicUrl(loadConfig({}))).toBeUndefined();
  });

  it('MCP_HTTP_PORT opens a listener of its own that answers /mcp with 401 and its metadata', async () => {
    const port = await freePort();
    const config = loadConfig({ MCP_HTTP_PORT: String(port) });
    const stack = await createTestStack();
    const opened: Opened[] = [];
    const logger = (await import('pino')).default({ level: 'silent' });
    await mountMcpHttp({ config, runtime: stack, health: undefined, channels: [], opened, logger });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain(
        `resource_metadata="http://localhost:${port}/.well-known/oauth-protected-resource/mcp"`,
      );
    } finally {
      for (const o of opened.reverse()) await o.close();
      await stack.close();
    }
  });
});
