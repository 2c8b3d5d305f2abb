import { type ChannelCapabilities, NO_CAPABILITIES } from '../../core/index.js';

/**
 * What an assistant can do (ports/channel.ts): one person's private conversation, nothing shown to
 * one member of a shared chat, nothing deleted or edited, no secret asked (docs/mcp.md §4).
 */
export const MCP_CAN: ChannelCapabilities = NO_CAPABILITIES;
