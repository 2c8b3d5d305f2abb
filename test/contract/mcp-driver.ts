import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpUser, startMcp, textOf } from '../adapters/mcp/mcp-harness.js';
import { startMcpHttp } from '../adapters/mcp/mcp-over-http.js';
import { createRecordingNotifier } from '../helpers/recording-notifier.js';
import { seedWithCalls } from '../helpers/seed-with-calls.js';
import { type ChannelDriver, SEEDED_CALLS } from './driver.js';

/** A chat line (`/cdrs 7d today 500`) as the tool call an assistant would make of it. */
function toolCall(commands: Awaited<ReturnType<typeof startMcp>>['stack']['core']['commands'], line: string) {
  const [first = '', ...rest] = line.replace(/^\//, '').trim().split(/\s+/);
  const info = commands.find((c) => c.name === first || c.aliases.includes(first));
  const tools = info?.tools ?? [];
  const tool = tools.find((t) => t.sub !== undefined && t.sub === rest[0]) ?? tools.find((t) => !t.sub);
  if (!tool) return { name: first, arguments: {} };
  const words = tool.sub ? rest.slice(1) : rest;
  const args: Record<string, unknown> = {};
  for (const f of tool.fields) {
    if (f.kind === 'flag') {
      if (words.includes(f.token ?? f.name)) args[f.name] = true;
      continue;
    }
    if (words.length === 0) break;
    if (f.many) args[f.name] = words.splice(0);
    else if (f.kind === 'integer') args[f.name] = Number(words.shift());
    else args[f.name] = words.shift();
  }
  return { name: tool.name, arguments: args };
}

/**
 * An assistant over MCP (docs/mcp.md): one person (Alice), the official `Client` on the in-memory
 * transport, or over Streamable HTTP with a token issued through the store (docs/mcp.md §8). What she reads is every tool result and every confirmation form; a press of Confirm or
 * Cancel is her answer to the form the last tool call is waiting on (there are no other buttons:
 * a long list's pages come in one result). No shared chat, nothing to delete.
 */
export async function mcpDriver(transport: 'memory' | 'http' = 'memory'): Promise<ChannelDriver> {
  const start = transport === 'http' ? startMcpHttp : startMcp;
  const h = await start({ link: false, roadOut: true, sandbox: { data: seedWithCalls(SEEDED_CALLS) } });
  const seen: string[] = [];
  // The person's private chat with the bot on their platform: what the bot sends first (an alert)
  // goes there, as for every channel's user; the assistant only answers (docs/mcp.md §8).
  const chat = createRecordingNotifier(mcpUser.platform);
  h.stack.proactive.attach(chat);
  const inChat = () => chat.sent.map((s) => [s.reply.title, s.reply.text].filter(Boolean).join('\n'));
  const waiting: { answer: (r: ElicitResult) => void; done: Promise<unknown> }[] = [];
  let asked: (() => void) | undefined;
  h.answer(
    (req) =>
      new Promise<ElicitResult>((resolve) => {
        seen.push(req.message);
        waiting.push({ answer: resolve, done: Promise.resolve() });
        asked?.();
      }),
  );
  const only = (who: string) => {
    if (who !== 'alice') throw new Error('an assistant acts for one person');
  };
  const call = async (line: string) => {
    const pending = h.client.callTool(toolCall(h.stack.core.commands, line)).then((r) => {
      seen.push(textOf(r));
    });
    // The call ends, or waits on its confirmation form.
    await Promise.race([pending, new Promise<void>((resolve) => (asked = resolve))]);
    const last = waiting.at(-1);
    if (last) last.done = pending;
  };
  const answer = async (label: string) => {
    const form = waiting.pop();
    if (!form) return;
    form.answer(
      label === 'Confirm' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' },
    );
    await form.done;
  };
  return {
    name: transport === 'http' ? 'mcp-http' : 'mcp',
    // The console's user (docs/mcp.md §1.1); a confirmation's answer is a form, never an edit in place.
    onePerson: true,
    editsInPlace: false,
    linksByConversation: true,
    busy: 'later',
    hasSharedChat: false,
    canDeleteInput: false,
    hasAuditThread: false,
    holdsSecrets: false,
    stack: h.stack,
    command: (name) => name,
    async say(who, where, text) {
      only(who);
      if (where !== 'private') throw new Error('an assistant has no shared chat');
      await call(text);
    },
    async dm(who, text) {
      only(who);
      await call(text);
    },
    async press(who, _where, label) {
      only(who);
      await answer(label);
    },
    // A client that lost an answer sends the same JSON-RPC request again (same id, same session).
    async redeliver(who) {
      only(who);
      seen.push(textOf(await h.resend()));
    },
    // A form is answered once: there is nothing left to press.
    pressAgain: async () => {},
    async pressAtOnce() {
      throw new Error('an assistant acts for one person');
    },
    sharedView: () => '',
    privateView: () => [...seen, ...inChat()].join('\n'),
    ephemeralView: () => '',
    messages: () => [...seen, ...inChat()],
    lastInputDeleted: () => false,
    auditThread: () => [],
    async makeSupportChannel() {
      throw new Error('an assistant has no shared chat');
    },
    linkDemo: async (who) => {
      only(who);
      await h.stack.linkDemo({ platform: 'console', tenant: '', user: 'alice', displayName: 'Alice' });
    },
    close: () => h.close(),
  };
}
