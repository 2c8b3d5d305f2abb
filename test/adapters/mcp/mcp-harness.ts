import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { PrivateChatConfirm } from '../../../src/adapters/mcp/consent.js';
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
    privateChat?: PrivateChatConfirm;
    link?: boolean;
  } = {},
): Promise<McpHarness> {
  const stack = await createTestStack(options);
  if (options.link !== false) await stack.linkDemo(mcpUser);
  const server = createMcpServer({
    core: stack.core,
    identity: mcpUser,
    locale: options.locale,
    privateChat: options.privateChat,
  });
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    { capabilities: options.elicitation === false ? {} : { elicitation: { form: {} } } },
  );
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
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    stack,
    client,
    asked,
    answer: (fn) => {
      next = fn;
    },
    handled: (op) => stack.sandbox.stats().handled[op] ?? 0,
    async close() {
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
