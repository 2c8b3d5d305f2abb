import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CommandTool,
  consentOf,
  type Identity,
  type Language,
  type Messages,
} from '../../core/index.js';
import type { DoorCalls, McpRequest, SupportChannel } from './door-calls.js';
import { PIN_PAGE_TTL_MS, type PinEnd, type PinPages } from './pin-pages.js';
import { privateChatVia, type RoadOut } from './road-out.js';
import { readToolInput } from './tool-input.js';
import { type ToolResult, toolError, toolResult } from './tool-result.js';

/** The PIN field a call left out: a required secret PIN (`topup`'s), asked on a page of ours instead. */
export function missingPin(tool: CommandTool, args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  const given = args as Record<string, unknown>;
  return tool.fields.find((f) => f.kind === 'pin' && f.secret && f.required && given[f.name] === undefined)
    ?.name;
}

export interface PinAsk {
  server: Server;
  pages: PinPages | undefined;
  t: Messages;
  language: Language;
  /** The tool call's run with the PIN, when the client cannot open the page itself (no URL mode). */
  later(pin: string): Promise<PinEnd>;
}

/**
 * A top-up PIN never typed to the assistant (docs/mcp.md §4.5). Where the client declares URL-mode
 * elicitation, it opens our one-time page and the tool call waits for the PIN there, then goes on
 * (to its confirmation) with the PIN it never showed; declined or expired, nothing is sent. Else the
 * result is the page's link, and the PIN entered there runs the call later, its confirmation and
 * result in the person's chat. Without pages (stdio with no HTTP server): the person's chat.
 */
export async function askPin(c: PinAsk): Promise<{ pin: string } | { result: ToolResult }> {
  const { server, pages, t, language } = c;
  if (!pages) return { result: toolError(t.assistant.pinInChat) };
  if (!server.getClientCapabilities()?.elicitation?.url) {
    const page = pages.open({ language, entered: c.later });
    return { result: toolResult([{ text: t.assistant.pinPageLink(page.url), tone: 'info' }], t) };
  }
  let settle: (pin: string | undefined) => void = () => undefined;
  const entered = new Promise<string | undefined>((resolve) => (settle = resolve));
  const page = pages.open({
    language,
    entered: async (pin) => {
      settle(pin);
      return { ok: true, text: t.assistant.pinTaken };
    },
    expired: () => settle(undefined),
  });
  const elicitationId = randomUUID();
  const answer = await server
    .elicitInput(
      { mode: 'url', message: t.assistant.pinPageAsk, elicitationId, url: page.url },
      { timeout: PIN_PAGE_TTL_MS },
    )
    .catch(() => undefined);
  if (answer?.action !== 'accept') {
    page.close();
    return { result: toolResult([{ text: t.assistant.pinNotGiven, tone: 'info' }], t) };
  }
  const pin = await entered;
  if (pin === undefined) return { result: toolResult([{ text: t.assistant.pinExpired, tone: 'info' }], t) };
  await server
    .createElicitationCompletionNotifier(elicitationId)()
    .catch(() => undefined);
  return { pin };
}

/**
 * The tool call run later with the PIN entered on the page (a client without URL mode): through the
 * core's door once (the page works once, and its own request id is claimed), its confirmation and
 * result sent to the person's private chat. With no chat to reach, the confirmation's Cancel is
 * pressed and nothing is sent.
 */
export function runWithPin(c: {
  calls: DoorCalls;
  tool: CommandTool;
  args: Record<string, unknown>;
  field: string;
  /** Whether the person's active account is still the one the page was opened for. */
  same(): Promise<boolean>;
  request: McpRequest;
  where?: SupportChannel | undefined;
  identity: Identity;
  roadOut: RoadOut | undefined;
  t: Messages;
}): (pin: string) => Promise<PinEnd> {
  const { calls, t, where } = c;
  return async (pin) => {
    const input = readToolInput(c.tool, { ...c.args, [c.field]: pin }, t);
    if (!input.ok) return { ok: false, text: input.fix };
    if (!(await c.same())) return { ok: false, text: t.assistant.pinAccountChanged };
    const request = { requestId: `pin:${randomUUID()}`, sessionId: c.request.sessionId };
    const answered = await calls.run(c.tool.command, input.tokens, request, where);
    if ('told' in answered) return { ok: false, text: answered.told };
    const replies = answered.decided.followUps ?? [];
    // A refusal (a bad PIN: its fix, never the value) is shown on the page, where the person is.
    const refused = replies.filter((r) => r.tone === 'error' && !consentOf(r));
    if (refused.length) return { ok: false, text: refused.map((r) => r.text ?? '').join('\n\n') };
    if (await privateChatVia(c.roadOut, c.identity)(replies))
      return { ok: true, text: t.assistant.pinToChat };
    const consent = replies.map(consentOf).find((x) => x !== undefined);
    if (consent) await calls.press(consent.cancel, where);
    return { ok: false, text: t.assistant.cannotConfirm };
  };
}
