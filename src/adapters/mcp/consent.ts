import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Consent, Messages, PlacedOutcome, PlacedReply } from '../../core/index.js';
import type { DoorCalls, SupportChannel } from './door-calls.js';

/**
 * Where a person's confirmation is asked when their assistant cannot ask (docs/mcp.md §4): their
 * private chat with the bot, which gets the same Confirm and Cancel as a chat command's. Resolves
 * false when there is no such chat.
 */
export type PrivateChatConfirm = (replies: readonly PlacedReply[]) => Promise<boolean>;

/** How a confirmation ended: pressed, not given (nothing sent), waiting in the chat, or impossible. */
export type ConsentEnd =
  | { kind: 'pressed'; outcome: PlacedOutcome }
  | { kind: 'declined' | 'waiting' | 'refused' };

/**
 * Asks the person, never the model (docs/mcp.md §4): through an elicitation form with the chat
 * Confirm's own words (which name the amounts and never hold a secret); without one, in their
 * private chat; with neither, a refusal. Declined, cancelled or expired, the confirmation's Cancel is
 * pressed, so the pending action is spent and nothing is sent. Accepted, its Confirm is pressed
 * through the core's door, where single use, expiry and the money guard hold as in chat.
 */
export async function askConsent(c: {
  server: Server;
  calls: DoorCalls;
  consent: Consent;
  replies: readonly PlacedReply[];
  t: Messages;
  privateChat?: PrivateChatConfirm | undefined;
  /** The support channel the tool call ran in: its presses are made there, as the agent's (door-calls.ts). */
  where?: SupportChannel | undefined;
}): Promise<ConsentEnd> {
  const { server, calls, consent, t, where } = c;
  if (!server.getClientCapabilities()?.elicitation?.form) {
    if (c.privateChat && (await c.privateChat(c.replies))) return { kind: 'waiting' };
    await calls.press(consent.cancel, where);
    return { kind: 'refused' };
  }
  const timeout = consent.expiresAt ? Math.max(1_000, consent.expiresAt.getTime() - Date.now()) : undefined;
  const yes = await server
    .elicitInput(
      {
        mode: 'form',
        message: consent.question,
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: { type: 'boolean', title: t.assistant.consentAnswer, description: consent.question },
          },
          required: ['confirm'],
        },
      },
      timeout ? { timeout } : undefined,
    )
    .then((r) => r.action === 'accept' && r.content?.confirm === true)
    // No answer before the confirmation expires (or a broken one) is no consent.
    .catch(() => false);
  if (!yes) {
    await calls.press(consent.cancel, where);
    return { kind: 'declined' };
  }
  return { kind: 'pressed', outcome: await calls.press(consent.confirm, where) };
}
