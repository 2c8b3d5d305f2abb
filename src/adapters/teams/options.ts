import type {
  ChannelLogger,
  ChannelMemory,
  ConversationReferenceStore,
  Core,
  DedupeStore,
} from '../../core/index.js';
import type { Budget } from './budget.js';
import type { RetryPolicy } from './send.js';

/**
 * A Teams channel's settings (docs/teams.md §1, docs/configuration.md): the app (client) id, its
 * tenant, and either the client secret or the Entra auth sidecar's local URL for outbound tokens.
 */
export interface TeamsOptions {
  readonly core: Core;
  /** `TEAMS_APP_ID`: the bot's Entra app (client) id; inbound tokens must name it as audience. */
  readonly appId: string;
  /** `TEAMS_TENANT_ID`. */
  readonly tenantId: string;
  /** `TEAMS_APP_PASSWORD`: the client secret (MSAL), when no sidecar is used. */
  readonly appPassword?: string | undefined;
  /** `TEAMS_TOKEN_SIDECAR_URL`: the Entra auth sidecar (a loopback or private address only). */
  readonly sidecarUrl?: string | undefined;
  /** `TEAMS_AUTHORITY`: the Entra authority (default Microsoft's); keys at `<authority>/<tenant>/discovery/v2.0/keys`. */
  readonly authority?: string | undefined;
  /**
   * `TEAMS_TARGETED`: `auto` (default) sends personal answers in a shared conversation as targeted
   * messages and stops trying in a conversation where Teams refused one; `on` always tries; `off`
   * never does (personal answers go to the personal chat).
   */
  readonly targeted?: 'auto' | 'on' | 'off';
  /** Where a conversation's refusal of targeted messages is remembered (the bot's store); default: in memory only. */
  readonly memory?: ChannelMemory;
  /** The path on the bot's one HTTP server. Default `/api/messages`. */
  readonly path?: string;
  readonly dedupe?: DedupeStore;
  /** Where conversation references are kept for messages the bot sends first (the store's, so they survive a restart). */
  readonly references: ConversationReferenceStore;
  readonly retry?: RetryPolicy;
  /**
   * How long an activity's request waits for its decision before Teams is answered without it
   * (docs/teams.md §3.4): default 2 s for a message, 10 s for a press (`BUDGET_MS`); a test ends it itself.
   */
  readonly budget?: Budget;
  readonly logger: ChannelLogger;
}
