import {
  type ChannelCapabilities,
  type ChatRef,
  type Core,
  type Identity,
  NO_CAPABILITIES,
  type PlacedOutcome,
  type PlacedReply,
} from '../../core/index.js';

/**
 * The MCP channel's every call into the core, in one place (docs/mcp.md §1), so it moves onto the
 * core's single intake in one edit: a tool call runs its command by name with its values, and a
 * consent answer presses the confirmation's button as a chat press would.
 */
export interface CoreCalls {
  run(command: string, args: readonly string[], requestId?: string): Promise<PlacedReply[]>;
  press(actionId: string): Promise<PlacedOutcome>;
}

/**
 * What an assistant can do (ports/channel.ts): one person's private conversation, nothing shown to
 * one member of a shared chat, nothing deleted or edited, no secret asked (docs/mcp.md §4).
 */
export const MCP_CAN: ChannelCapabilities = NO_CAPABILITIES;

export interface CoreCallsOptions {
  core: Core;
  identity: Identity;
  /** The user's language from the platform or `LANG`; `/language` wins over it. */
  locale?: string | undefined;
}

export function coreCalls({ core, identity, locale }: CoreCallsOptions): CoreCalls {
  // The assistant's own conversation with this person: private, like a direct message.
  const chat: ChatRef = { id: `mcp:${identity.user}`, kind: 'private' };
  const who = { identity, chat, can: MCP_CAN, ...(locale ? { locale } : {}) };
  return {
    run: (command, args, requestId) =>
      core.runCommand({ ...who, command, args, inputIsPrivate: true, ...(requestId ? { requestId } : {}) }),
    press: (actionId) => core.handleAction({ ...who, actionId }),
  };
}
