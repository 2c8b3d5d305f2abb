import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { shownText } from '../../helpers/fake-telegram.js';
import { alice, httpHarnessPerTest, MemoryOAuthClient, readPage } from './http-harness.js';

const h = httpHarnessPerTest();

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const post = (url: string, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(initialize),
  });

/** The official client up to the authorization page: 401, discovery, registration, `/authorize`. */
async function startAuthorization(oauth: MemoryOAuthClient) {
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', h.base), { authProvider: oauth });
  await expect(new Client({ name: 'test', version: '1' }).connect(transport)).rejects.toThrow(
    UnauthorizedError,
  );
  const url = oauth.authorizationUrl;
  if (!url) throw new Error('the client was not sent to authorize');
  const page = await fetch(url, { headers: { 'accept-language': 'en' } });
  expect(page.status).toBe(200);
  return { transport, url, ...readPage(await page.text()) };
}

const statusOf = async (status: string) =>
  (await (await fetch(new URL(status, h.base))).json()) as { status: string; redirect?: string };

describe('MCP over Streamable HTTP with OAuth (docs/mcp.md §8)', () => {
  it('answers 401 naming the protected-resource metadata, served at both well-known paths', async () => {
    const res = await post(`${h.base}/mcp`);
    expect(res.status).toBe(401);
    const metadataUrl = `${h.base}/.well-known/oauth-protected-resource/mcp`;
    expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${metadataUrl}"`);
    for (const url of [metadataUrl, `${h.base}/.well-known/oauth-protected-resource`]) {
      const metadata = (await (await fetch(url)).json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({ resource: `${h.base}/mcp`, authorization_servers: [`${h.base}/`] });
    }
    const as = (await (await fetch(`${h.base}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(as).toMatchObject({
      code_challenge_methods_supported: ['S256'],
      registration_endpoint: `${h.base}/register`,
    });
  });

  it('the official client: registration, consent in the Telegram chat, token, tools, balance; revoked → 401', async () => {
    const oauth = new MemoryOAuthClient();
    const { transport, url, code, status } = await startAuthorization(oauth);
    expect(await statusOf(status)).toEqual({ status: 'waiting' });
    await h.say(alice, `/assistants connect ${code}`);
    const question = h.chat(alice).at(-1) ?? '';
    expect(question).toContain('Test Assistant');
    expect(question).toContain('127.0.0.1:9');
    await h.press(alice, 'Confirm');
    expect(h.chat(alice).join('\n')).toContain('Approved');
    const approved = await statusOf(status);
    expect(approved.status).toBe('approved');
    const redirect = new URL(approved.redirect ?? '');
    expect(redirect.origin + redirect.pathname).toBe('http://127.0.0.1:9/callback');
    expect(redirect.searchParams.get('state')).toBe(url.searchParams.get('state'));
    await transport.finishAuth(redirect.searchParams.get('code') ?? '');

    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', h.base), { authProvider: oauth }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('balance');
    expect(tools.map((t) => t.name)).not.toContain('mcp');
    const balance = await client.callTool({ name: 'balance', arguments: {} });
    expect(balance.isError).toBeFalsy();
    expect(JSON.stringify(balance.content)).toMatch(/EUR|€/);
    await client.close();

    await h.say(alice, '/mcp');
    expect(h.chat(alice).at(-1)).toMatch(/1\. Test Assistant \(127\.0\.0\.1:9\)/);
    expect(h.chat(alice).at(-1)).toContain('last used');
    await h.say(alice, '/mcp revoke 1');
    expect(h.chat(alice).at(-1)).toContain('Revoked');
    const refused = await post(`${h.base}/mcp`, oauth.saved?.access_token);
    expect(refused.status).toBe(401);
  });

  it('Cancel in the chat denies: the page is told, and no code is issued', async () => {
    const { code, status } = await startAuthorization(new MemoryOAuthClient());
    await h.say(alice, `/mcp connect ${code}`);
    await h.press(alice, 'Cancel');
    expect(await statusOf(status)).toEqual({ status: 'denied' });
    expect(await statusOf(status)).toEqual({ status: 'expired' });
  });

  it('a code works once, from a private chat only; the Telegram deep link starts the same question', async () => {
    const { code, status, deepLink } = await startAuthorization(new MemoryOAuthClient());
    expect(deepLink).toBe(`https://t.me/${h.telegram.bot.username}?start=assistants-${code}`);
    const group = { id: -2001, type: 'supergroup' as const, title: 'Team' };
    await h.say(alice, `/mcp connect ${code}`, group);
    const inGroup = h.telegram
      .messages(group.id)
      .filter((m) => m.from?.id === h.telegram.bot.id)
      .map((m) => shownText(m))
      .join('\n');
    expect(inGroup).not.toContain('Test Assistant');
    expect(inGroup).toMatch(/private/i);
    // The deep link of an older page (`mcp-`, the command's first name, now its alias) still works.
    await h.say(alice, `/start mcp-${code}`);
    expect(h.chat(alice).at(-1)).toContain('Test Assistant');
    await h.press(alice, 'Confirm');
    expect((await statusOf(status)).status).toBe('approved');
    // The page learned its code; the short code is spent.
    await h.say(alice, `/mcp connect ${code}`);
    expect(h.chat(alice).at(-1)).toContain(`no open request with the code ${code}`);
    // Another page cannot read this request's answer without its own secret.
    expect(await statusOf(status.replace(/page=[^&]+/, 'page=guess'))).toEqual({ status: 'expired' });
  });

  it('keeps no token, code or client secret in the store: only their hashes', async () => {
    const oauth = new MemoryOAuthClient();
    const { transport, code, status } = await startAuthorization(oauth);
    await h.say(alice, `/mcp connect ${code}`);
    await h.press(alice, 'Confirm');
    const redirect = new URL((await statusOf(status)).redirect ?? '');
    const authorization = redirect.searchParams.get('code') ?? '';
    await transport.finishAuth(authorization);
    const secrets = [
      oauth.saved?.access_token,
      oauth.saved?.refresh_token,
      authorization,
      (oauth.info as { client_secret?: string }).client_secret,
    ];
    expect(secrets.every((s) => typeof s === 'string' && s.length > 20)).toBe(true);
    const dump = await h.dump();
    for (const secret of secrets) expect(dump).not.toContain(secret);
  });
});
