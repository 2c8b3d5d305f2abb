import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { createMcpHttp } from '../../../src/adapters/mcp/http/index.js';
import { createHealthServer } from '../../../src/bots/health-server.js';
import { identityKey } from '../../../src/core/identity.js';
import type { TokenStore } from '../../../src/core/index.js';
import { createTestStack, type TestStackOptions } from '../../helpers/stack.js';
import { type McpHarness, mcpUser } from './mcp-harness.js';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The same harness as `startMcp`, over Streamable HTTP (docs/mcp.md §8): the bot's HTTP server on
 * 127.0.0.1 with `/mcp` behind its bearer check, and the official client with a token issued
 * through the token store for `mcpUser` (a grant as an approval leaves it; no browser, no chat).
 */
export async function startMcpHttp(
  options: TestStackOptions & { roadOut?: boolean; link?: boolean } = {},
): Promise<McpHarness> {
  const stack = await createTestStack(options);
  if (options.link !== false) await stack.linkDemo(mcpUser);
  const http = createHealthServer({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${await http.listen()}`;
  const mcp = createMcpHttp({
    core: stack.core,
    tokens: stack.stores.tokens,
    publicUrl: new URL(base),
    ...(options.roadOut ? { roadOut: stack.proactive.outbox } : {}),
    logger: silent,
  });
  for (const { path, maxBodyBytes } of mcp.paths) http.mount(path, mcp.handler, { maxBodyBytes });
  const token = await issueToken(stack.stores.tokens, `${base}/mcp`);
  const asked: ElicitRequest['params'][] = [];
  let next: (req: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult> = () => ({
    action: 'decline',
  });
  const clients: Client[] = [];
  let last: JSONRPCMessage | undefined;
  const connect = async () => {
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    const send = transport.send.bind(transport);
    transport.send = async (message, o) => {
      if ('method' in message && message.method === 'tools/call') last = message;
      return send(message, o);
    };
    const client = new Client(
      { name: 'test-client', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params);
      return next(req.params);
    });
    await client.connect(transport);
    clients.push(client);
    return { client, transport };
  };
  const first = await connect();
  return {
    stack,
    client: first.client,
    asked,
    answer: (fn) => {
      next = fn;
    },
    handled: (op) => stack.sandbox.stats().handled[op] ?? 0,
    // The last tools/call POSTed again as it was: same JSON-RPC id, same session.
    resend: () => postAgain(base, token, first.transport.sessionId, last),
    connectAgain: async () => (await connect()).client,
    async close() {
      for (const client of clients) await client.close();
      await mcp.close();
      await http.close();
      await stack.close();
    },
  };
}

/** A grant for `mcpUser` and its access token, as the OAuth flow leaves them in the store. */
async function issueToken(store: TokenStore, resource: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date().toISOString();
  await store.putClient({ clientId: 'contract', metadata: { client_name: 'Contract' }, createdAt });
  await store.grant(
    {
      id: 'contract-grant',
      owner: identityKey(mcpUser),
      clientId: 'contract',
      clientName: 'Contract',
      redirectHost: '127.0.0.1',
      createdAt,
    },
    [
      {
        token,
        info: {
          kind: 'access',
          scopes: [],
          resource,
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        },
      },
    ],
  );
  return token;
}

/** POSTs `message` again in `session` and reads its answer from the JSON or event-stream body. */
async function postAgain(
  base: string,
  token: string,
  session: string | undefined,
  message: JSONRPCMessage | undefined,
): Promise<unknown> {
  if (!message || !('id' in message) || !session) throw new Error('no tool call to send again');
  const res = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(message),
  });
  const body = await res.text();
  const lines = body.startsWith('{') ? [body] : body.split('\n').filter((l) => l.startsWith('data: '));
  for (const line of lines) {
    const answer = JSON.parse(line.replace(/^data: /, '')) as { id?: unknown; result?: unknown };
    if (answer.id === message.id) return answer.result ?? answer;
  }
  throw new Error(`no answer to the re-sent call (${res.status})`);
}
