import type { LabelCache } from '../accounts/label-cache.js';
import type { ClientFactory } from '../accounts/services.js';
import type { CommandSpec } from '../command-spec.js';
import { capabilitiesOf, honestWords } from '../delivery/capabilities.js';
import type { RefsFor } from '../delivery/command-refs.js';
import { errorReply, isStoreDiskError } from '../delivery/error-replies.js';
import type { Outbox } from '../delivery/outbox.js';
import { type ChatRef, chatKey, type Identity, identityKey } from '../identity.js';
import type { CoreLogger } from '../logs/logger.js';
import { errorSummary } from '../logs/safe-error.js';
import { createSampler } from '../logs/sampler.js';
import type { Messages } from '../messages.js';
import type { ChannelCapabilities } from '../ports/channel.js';
import type { CoreMetrics } from '../ports/metrics.js';
import type { AuditEntry, ChatSettings } from '../ports/records.js';
import type { Stores } from '../ports/stores.js';
import type { Reply } from '../reply.js';
import { type UserLocale, userLocale } from '../values/user-locale.js';

/** What every step of the dispatcher shares: the resolved options and the command table. */
export interface Engine {
  stores: Stores;
  clientFactory: ClientFactory;
  clock: () => Date;
  confirmTtlMs: number;
  rateLimit: { limit: number; windowMs: number } | false;
  logger: CoreLogger;
  /** Where each finished command is counted (`/metrics`). */
  metrics: CoreMetrics;
  table: readonly CommandSpec[];
  /** Every name and alias → its command. */
  byName: ReadonlyMap<string, CommandSpec>;
  /** Rows per page of a long list (docs/interface.md §3.2). */
  pageRows: number;
  /**
   * How long a message holding a PIN or SIP password stays in a chat whose channel can do `can`
   * (docs/privacy.md §2.3); undefined where it cannot delete its own message later (`deleteLater`), so nothing
   * is promised there (docs/architecture.md §8.3.3: promises follow capabilities).
   */
  secretTtlFor(can: ChannelCapabilities): number | undefined;
  /** A command older than this when it arrives is not run (docs/reliability.md §5.3). */
  maxCommandAgeMs: number;
  /** Rewrites command references as this platform's users type them (`/balance`, `/tel balance`). */
  refsFor: RefsFor;
  /**
   * The core speaking to someone other than the presser (an approved request's result goes to its
   * requester, docs/money-guard.md §1, §2); absent where no channel can send first.
   */
  outbox?: () => Outbox | undefined;
  /** Labels a command reads only to name things in its answer, remembered briefly (label-cache.ts). */
  labels: LabelCache;
  /** Never-retry attempts of this process waiting on the provider, by audit id (for a shutdown). */
  attempts: Map<string, AuditEntry>;
}

/** The user's language and zone: what they chose (`/language`, `/timezone`) wins over the platform's hint. */
export async function localeOf(
  e: Engine,
  input: { identity: Identity; locale?: string | undefined; timeZone?: string; can?: ChannelCapabilities },
): Promise<UserLocale> {
  const settings = await e.stores.settings.user(identityKey(input.identity));
  const loc = userLocale({
    chosen: settings.locale,
    platform: input.locale,
    timeZone: settings.timeZone ?? input.timeZone,
  });
  // Words about a secret's message promise only what this channel does (capabilities.ts).
  return { ...loc, t: honestWords(loc.t, capabilitiesOf(input)) };
}

/** A shared chat's settings; a private chat has none. */
export function chatSettingsOf(e: Engine, identity: Identity, chat: ChatRef): Promise<ChatSettings> {
  if (chat.kind !== 'shared') return Promise.resolve({});
  return e.stores.settings.chat(chatKey(identity.platform, identity.tenant, chat));
}

const diskLines = createSampler({ windowMs: 60_000 });

/** A failure in plain words; unexpected ones are logged with a reference the user can quote. */
export function failure(
  e: Engine,
  err: unknown,
  t: Messages,
  requestId: string,
  spec?: CommandSpec,
  args?: unknown,
): Reply {
  const cli = spec?.target && args !== undefined ? spec.target(args) : undefined;
  const { reply, expected } = errorReply(err, { t, card: spec?.needs === 'card', cli, ref: requestId });
  // The operator's line names the path and the fix; once a minute, however many commands hit it.
  const disk = isStoreDiskError(err) ? diskLines.take(err.path) : undefined;
  if (disk && isStoreDiskError(err))
    e.logger.error(
      { requestId, path: err.path, problem: err.problem, fix: err.fix, skipped: disk.skipped },
      'store cannot write',
    );
  if (!expected)
    e.logger.error(
      { requestId, command: spec?.name, err: errorSummary(err, { frames: true }) },
      'command failed unexpectedly',
    );
  return reply;
}
