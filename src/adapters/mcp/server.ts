import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  type ChannelLogger,
  type CommandTool,
  type Core,
  catalogues,
  consentOf,
  errorSummary,
  type Identity,
  languageOf,
  type Messages,
  type PlacedOutcome,
  type PlacedReply,
  pageButton,
  type Reply,
  suggest,
} from '../../core/index.js';
import { askConsent, type ConsentEnd } from './consent.js';
import { type DoorCalls, doorCalls, type McpRequest, type SupportChannel } from './door-calls.js';
import { askPin, missingPin, runWithPin } from './pin-ask.js';
import type { PinPages } from './pin-pages.js';
import { type Posted, postInChannel, privateChatVia, type RoadOut } from './road-out.js';
import { readToolInput, splitSupportChannel } from './tool-input.js';
import { type ToolResult, toolError, toolResult, withLine } from './tool-result.js';
import { exampleCall, listTools, supportChannelTools } from './tool-schema.js';

export interface McpChannelOptions {
  core: Core;
  /** Who the assistant acts for: the console's user over stdio (docs/mcp.md §1). */
  identity: Identity;
  /** The user's language from `LANG` (`de_DE.UTF-8`); `/language` wins for the core's replies. */
  locale?: string | undefined;
  /**
   * The core's road out (the Outbox): a confirmation the assistant cannot ask goes to the person's
   * private chat on their platform, a held request to the support channel they named. Absent: neither.
   */
  roadOut?: RoadOut | undefined;
  /** One-time pages of ours for a top-up PIN (docs/mcp.md §4.5); absent (stdio alone): the chat. */
  pinPages?: PinPages | undefined;
  logger?: ChannelLogger | undefined;
  version?: string;
}

/**
 * The MCP channel (docs/mcp.md): the command table's tools over the low-level `Server`, whose own
 * `tools/list` and `tools/call` handlers answer bad input in the user's language with the fix
 * (the SDK's `McpServer` would answer in English). Connect it to a transport (stdio, in-memory).
 */
export function createMcpServer(options: McpChannelOptions): Server {
  const server = new Server(
    { name: 'telephony-bot', version: options.version ?? '0.1.0' },
    { capabilities: { tools: {} } },
  );
  const t = catalogues[languageOf(options.locale)];
  const calls = doorCalls(options);
  const tools = new Map<string, CommandTool>(
    options.core.commands.flatMap((c) => c.tools ?? []).map((tool) => [tool.name, tool]),
  );
  const team = supportChannelTools(options.core.commands);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools(options.core.commands, t) }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<ToolResult> => {
    const tool = tools.get(req.params.name);
    if (!tool) return toolError(unknownTool(req.params.name, [...tools.values()], t));
    const split = splitSupportChannel(req.params.arguments, team.has(tool.name), t);
    if (!split.ok) return toolError(split.fix);
    try {
      const args = await withPin({
        server,
        calls,
        tool,
        t,
        options,
        args: split.args,
        request: extra,
        where: split.where,
      });
      if ('result' in args) return args.result;
      const input = readToolInput(tool, args.args, t);
      if (!input.ok) return toolError(input.fix);
      return await runTool({
        server,
        calls,
        tool,
        tokens: input.tokens,
        request: extra,
        t,
        options,
        team: team.has(tool.name),
        ...(split.where ? { where: split.where } : {}),
      });
    } catch (err) {
      // The core's own failures are worded at its door; this is the channel's (an elicitation that broke).
      // Name and code only: an error's message may quote an argument (a PIN) (docs/privacy.md §2.5).
      options.logger?.error({ err: errorSummary(err), tool: tool.name }, 'tool call failed');
      return toolError(t.assistant.failed);
    }
  });
  return server;
}

/**
 * The call's arguments, with a top-up PIN it left out asked on a page of ours (pin-ask.ts), or
 * what the tool answers instead (the page's link, not given, expired, the chat).
 */
async function withPin(c: {
  server: Server;
  calls: DoorCalls;
  tool: CommandTool;
  t: Messages;
  options: McpChannelOptions;
  args: unknown;
  request: McpRequest;
  where?: SupportChannel | undefined;
}): Promise<{ args: unknown } | { result: ToolResult }> {
  const field = missingPin(c.tool, c.args);
  if (!field || !isObject(c.args)) return { args: c.args };
  const { options, t } = c;
  // Bound to the account active now: a PIN entered after a switch or an unlink runs nowhere.
  const account = await c.calls.activeAccount();
  const same = async () => (await c.calls.activeAccount()) === account;
  const later = runWithPin({
    ...c,
    args: c.args,
    field,
    same,
    identity: options.identity,
    roadOut: options.roadOut,
  });
  const language = languageOf(options.locale);
  const asked = await askPin({ server: c.server, pages: options.pinPages, t, language, later });
  if (!('pin' in asked)) return asked;
  if (!(await same())) return { result: toolError(t.assistant.pinAccountChanged) };
  return { args: { ...c.args, [field]: asked.pin } };
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** An unknown tool's fix: the nearest name when there is one, and an example call. */
function unknownTool(name: string, tools: CommandTool[], t: Messages): string {
  const near = suggest(
    name,
    tools.map((x) => x.name),
  );
  const example = tools.find((x) => x.name === near) ?? tools[0];
  return t.assistant.unknownTool(name, near, example ? exampleCall(example) : '');
}

/**
 * One tool call: the command runs through the core's door; a confirmation it asks goes to the
 * person (consent.ts). A line the door told instead (store down, a re-sent request) is a tool error.
 */
async function runTool(c: {
  server: Server;
  calls: DoorCalls;
  tool: CommandTool;
  tokens: string[];
  request: McpRequest;
  t: Messages;
  options: McpChannelOptions;
  /** The tool takes `support_channel` (supportChannelTools). */
  team: boolean;
  where?: SupportChannel;
}): Promise<ToolResult> {
  const { calls, where, options } = c;
  const answered = await calls.run(c.tool.command, c.tokens, c.request, where);
  if ('told' in answered) return toolError(answered.told);
  const replies = answered.decided.followUps ?? [];
  // The core's replies say the user's language (`/language` wins over LANG).
  const language = replies[0]?.language;
  const t = language ? catalogues[language] : c.t;
  const posted: Posted = where
    ? await postInChannel({ roadOut: options.roadOut, calls, identity: options.identity, where, replies })
    : 'none';
  const asking = replies.find((r) => consentOf(r));
  const consent = asking && consentOf(asking);
  const privateChat = privateChatVia(options.roadOut, options.identity);
  const end = consent ? await askConsent({ ...c, consent, replies, t, privateChat }) : undefined;
  const result = end
    ? endResult(end, t)
    : toolResult([...(await everyPage(calls, replies)), ...postedLine(posted, t)], t);
  // On the person's own accounts nobody else approves (docs/money-guard.md §2.4): a write that ran says so.
  const ran = !result.isError && (end === undefined || end.kind === 'pressed');
  return ran && !where && c.team && c.tool.effect !== 'none'
    ? withLine(result, t.assistant.ownAccounts)
    : result;
}

/** What the tool adds when the core's replies for the support channel were (or could not be) posted there. */
function postedLine(posted: Posted, t: Messages): Reply[] {
  if (posted === 'posted') return [{ text: t.assistant.postedInChannel, tone: 'info' }];
  if (posted === 'failed') return [{ text: t.assistant.notPostedInChannel, tone: 'error' }];
  return [];
}

/** The longest list a tool result reads, in pages: a bound on a loop driven by the core's buttons. */
const MAX_PAGES = 50;

/**
 * A long list's every page (docs/mcp.md §3): where a chat shows page buttons, the tool presses them
 * itself through the core's door, so the assistant gets every row and each page still says which it is.
 */
async function everyPage(calls: DoorCalls, replies: PlacedReply[]): Promise<Reply[]> {
  const out: Reply[] = [];
  for (const reply of replies) {
    out.push(reply);
    let current: Reply = reply;
    // Pages count from 0, as the button protocol does: the reply is page 0.
    for (let page = 1; page < MAX_PAGES; page++) {
      const next = pageButton(current, page);
      if (!next) break;
      const turned = (await calls.press(next)).update;
      if (!turned) break;
      out.push(turned);
      current = turned;
    }
  }
  return out;
}

function endResult(end: ConsentEnd, t: Messages): ToolResult {
  switch (end.kind) {
    case 'pressed':
      return toolResult(outcomeReplies(end.outcome), t);
    case 'declined':
      return toolResult([{ text: t.assistant.declined, tone: 'info' }], t);
    case 'waiting':
      return toolResult([{ text: t.assistant.waitsInChat(t.assistant.privateChat), tone: 'info' }], t);
    case 'refused':
      return toolError(t.assistant.cannotConfirm);
  }
}

/** A press's outcome as replies: its notice (unless the update says it), the update, the follow-ups. */
function outcomeReplies(o: PlacedOutcome): Reply[] {
  const notice: Reply[] = o.notice && o.notice !== o.update?.text ? [{ text: o.notice }] : [];
  return [...notice, ...(o.update ? [o.update] : []), ...(o.followUps ?? [])];
}
