import { describe, expect, it } from 'vitest';
import { SESSIONS_PER_PERSON } from '../../../src/adapters/mcp/http/sessions.js';
import { alice, authorizedClient, dave, httpHarnessPerTest } from './http-harness.js';

const h = httpHarnessPerTest();

const call = (token: string | undefined, session: string | undefined, method = 'POST') =>
  fetch(`${h.base}/mcp`, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(session ? { 'mcp-session-id': session } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }) } : {}),
  });

describe('Streamable HTTP sessions (docs/mcp.md §8.1)', () => {
  it('the client ends its session with DELETE; the session is then refused with words naming sticky sessions', async () => {
    const { client, transport, oauth } = await authorizedClient(h, alice);
    const session = transport.sessionId;
    expect(h.mcp.sessions()).toBe(1);
    await transport.terminateSession();
    expect(h.mcp.sessions()).toBe(0);
    const gone = await call(oauth.saved?.access_token, session);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toMatch(/not held by this server process.*Mcp-Session-Id.*sticky sessions/);
    await client.close();
  });

  it("a session acts for the person whose token opened it: another person's token cannot use it", async () => {
    const first = await authorizedClient(h, alice);
    const second = await authorizedClient(h, dave, 'Bestätigen');
    const res = await call(second.oauth.saved?.access_token, first.transport.sessionId);
    expect(res.status).toBe(403);
    await first.client.close();
    await second.client.close();
  });

  it('a person holds a bounded number of sessions: a new one beyond it ends their least recently used', async () => {
    const { client, transport, oauth } = await authorizedClient(h, alice);
    const token = oauth.saved?.access_token;
    const first = transport.sessionId;
    const initialize = async () => {
      const res = await fetch(`${h.base}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'x', version: '1' },
          },
        }),
      });
      expect(res.status).toBe(200);
      return res.headers.get('mcp-session-id') ?? undefined;
    };
    const opened: (string | undefined)[] = [];
    for (let i = 1; i < SESSIONS_PER_PERSON; i += 1) opened.push(await initialize());
    expect(h.mcp.sessions()).toBe(SESSIONS_PER_PERSON);
    // The first session is used again, so the oldest by use is now the second.
    expect((await call(token, first)).status).not.toBe(404);
    await initialize();
    expect(h.mcp.sessions()).toBe(SESSIONS_PER_PERSON);
    expect((await call(token, opened[0])).status).toBe(404);
    expect((await call(token, first)).status).not.toBe(404);
    await client.close();
  });
});
