import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  type ClientCapabilities,
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { PinPages } from '../../../src/adapters/mcp/pin-pages.js';
import { createMcpServer } from '../../../src/adapters/mcp/server.js';
import type { Identity } from '../../../src/core/identity.js';
import { createTestStack, type TestStack, type TestStackOptions } from '../../helpers/stack.js';

export const mcpUser: Identity = { platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' };

export interface McpHarness {
  stack: TestStack;
  client: Client;
  /** The elicitations the client was asked, in order. */
  asked: ElicitRequest['params'][];
  /** How the person answers the next elicitation (default: declines). */
  answer(next: (req: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>): void;
  /** Requests that reached an operation's logic in the sandbox. */
  handled(op: string): number;
  /**
   * Sends the last `tools/call` again with its JSON-RPC id, as a client that lost the answer
   * re-sends it; resolves with what the server answered the second time.
   */
  resend(): Promise<unknown>;
  /** A second connection to the same stack (a restarted client), whose request ids start again. */
  connectAgain(): Promise<Client>;
  close(): Promise<void>;
}

/**
 * The MCP channel over the SDK's in-memory transport, driven by the official `Client`, on the real
 * test stack (the sandbox on 127.0.0.1, the real core) with the demo account linked to `mcpUser`.
 */
export async function startMcp(
  options: TestStackOptions & {
    elicitation?: boolean;
    locale?: string;
    /** The core's road out (the stack's Outbox) for the private chat and support channels; default none. */
    roadOut?: boolean;
    /** Who the assistant acts for; default `mcpUser`. */
    identity?: Identity;
    link?: boolean;
    /** One-time PIN pages (docs/mcp.md §4.5); default none, as over stdio alone. */
    pinPages?: PinPages;
    /** The client's elicitation modes; default form only. */
    modes?: ClientCapabilities['elicitation'];
  } = {},
): Promise<McpHarness> {
  const stack = await createTestStack(options);
  const identity = options.identity ?? mcpUser;
  if (options.link !== false) await stack.linkDemo(identity);
  const serverFor = () =>
    createMcpServer({
      core: stack.core,
      identity,
      locale: options.locale,
      ...(options.roadOut ? { roadOut: stack.proactive.outbox } : {}),
      pinPages: options.pinPages,
    });
  const clientFor = () =>
    new Client(
      { name: 'test-client', version: '1.0.0' },
      {
        capabilities: options.elicitation === false ? {} : { elicitation: options.modes ?? { form: {} } },
      },
    );
  const server = serverFor();
  const client = clientFor();
  const more: { close(): Promise<void> }[] = [];
  const asked: ElicitRequest['params'][] = [];
  let next: (req: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult> = () => ({
    action: 'decline',
  });
  if (options.elicitation !== false)
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params);
      return next(req.params);
    });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const resend = resender(clientSide);
  await server.connect(serverSide);
  await client.connect(clientSide);
  resend.listen();
  return {
    resend: resend.again,
    async connectAgain() {
      const [c, s] = InMemoryTransport.createLinkedPair();
      const again = serverFor();
      const other = clientFor();
      await again.connect(s);
      await other.connect(c);
      more.push(other, again);
      return other;
    },
    stack,
    client,
    asked,
    answer: (fn) => {
      next = fn;
    },
    handled: (op) => stack.sandbox.stats().handled[op] ?? 0,
    async close() {
      for (const one of more) await one.close();
      await client.close();
      await server.close();
      await stack.close();
    },
  };
}

/** The text of a tool result. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('\n');
}

/** The client's side of the wire: remembers the last tool call, and takes the answer to its re-sending. */
function resender(wire: InMemoryTransport) {
  const send = wire.send.bind(wire);
  let last: JSONRPCMessage | undefined;
  const waiting = new Map<string | number, (answer: unknown) => void>();
  wire.send = async (message, options) => {
    if ('method' in message && message.method === 'tools/call') last = message;
    return send(message, options);
  };
  return {
    /** After the client connected: an answer to a re-sent request is ours, not the client's. */
    listen() {
      const deliver = wire.onmessage;
      wire.onmessage = (message, extra) => {
        const id = 'id' in message && !('method' in message) ? message.id : undefined;
        const took = id === undefined ? undefined : waiting.get(id);
        if (id === undefined || !took) return deliver?.(message, extra);
        waiting.delete(id);
        took('result' in message ? message.result : message);
      };
    },
    again(): Promise<unknown> {
      const call = last;
      if (!call || !('id' in call) || call.id === undefined)
        return Promise.reject(new Error('no tool call to send again'));
      return new Promise((resolve, reject) => {
        if (call.id !== undefined) waiting.set(call.id, resolve);
        send(call).catch(reject);
      });
    },
  };
}
