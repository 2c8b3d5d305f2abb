import type { ChatRef } from '../identity.js';
import type { Messages } from '../messages.js';
import type { AuditEntry, ChatSettings } from '../ports/records.js';
import type { OutputClass } from '../reply.js';
import {
  ACTOR_MARK,
  type Audience,
  type AuditRecord,
  type PlacedReply,
  type Reply,
  type Visibility,
} from '../reply.js';

/**
 * The one delivery rule (docs/privacy.md §1.1): for every reply and follow-up the core returns, where it may be
 * shown, whether the incoming message must be deleted, and what a support channel's audit thread
 * gets. Adapters render and send what this decided; they hold no rule of their own.
 */

/** What the rule needs to know about one command or button press. */
export interface DeliveryFacts {
  chat: ChatRef;
  /** The chat's settings (`/groupdata`, support channel); empty for a private chat. */
  settings: ChatSettings;
  /** Others in the chat saw the input (a Telegram group message; not a Slack slash command). */
  inputSeen: boolean;
  /** The class of replies that do not say their own: the command's `output`. */
  output: OutputClass;
  /** The incoming message carried a secret (a password, a PIN). */
  secretInput: boolean;
  /** The user the audit records name. */
  actor: string;
  /** Audit entries written while handling this input. */
  audited: readonly AuditEntry[];
  t: Messages;
}

const RANK: Record<Visibility, number> = { public: 0, personal: 1, secret: 2 };

/** The stricter of the handler's word and the command's class: where in doubt, personal. */
function classify(reply: Reply, output: OutputClass, inputSeen: boolean): Visibility {
  const base: Visibility = output === 'echo' ? (inputSeen ? 'public' : 'personal') : output;
  const own = reply.visibility ?? 'public';
  return RANK[own] > RANK[base] ? own : base;
}

/**
 * Secrets never appear inside a shared chat; personal data only where the chat allowed it
 * (`/groupdata on`, the same on every platform); anything else is shown to the chat.
 */
function audienceOf(visibility: Visibility, chat: ChatRef, settings: ChatSettings): Audience {
  if (chat.kind === 'private' || sharedChatMayShow(visibility, settings)) return 'chat';
  return visibility === 'secret' ? 'private' : 'actor';
}

/**
 * Whether everyone in a shared chat may see it. Replies to commands and the messages the bot sends
 * first (alerts, call reports, digests: the Outbox places them with `place()`) ask this one question.
 */
export function sharedChatMayShow(visibility: Visibility, settings: ChatSettings): boolean {
  return visibility === 'public' || (visibility === 'personal' && settings.showPersonalData === true);
}

/** Places every reply; the first carries the deletion of a secret-bearing input, the last the audit records. */
export function place(replies: readonly Reply[], facts: DeliveryFacts): PlacedReply[] {
  const placed = replies.map((r): PlacedReply & Reply => {
    const { deleteIncoming: _d, audit: _a, audience: _p, ...rest } = r;
    const visibility = classify(r, facts.output, facts.inputSeen);
    return { ...rest, visibility, audience: audienceOf(visibility, facts.chat, facts.settings) };
  });
  if (placed.length === 0 && facts.secretInput) placed.push({ audience: 'actor', visibility: 'personal' });
  if (facts.secretInput) placed[0]!.deleteIncoming = true;
  const records = auditRecords(facts);
  if (records.length > 0 && placed.length > 0) placed[placed.length - 1]!.audit = records;
  return placed;
}

/**
 * The support channel's thread (docs/privacy.md §3.3): only in a chat set up as a support channel, one record
 * per audited action naming actor, action, target and outcome. Entries never hold a secret.
 */
function auditRecords(facts: DeliveryFacts): AuditRecord[] {
  if (facts.chat.kind !== 'shared' || !facts.settings.support) return [];
  // An `attempted` record (write-ahead, docs/reliability.md §3.3) is closed by its outcome: one line per action.
  return facts.audited
    .filter((e) => e.outcome !== 'attempted')
    .map((e) => ({
      actor: facts.actor,
      note: facts.t.auditNote(ACTOR_MARK, e.target ? `${e.command} ${e.target}` : e.command, e.outcome),
    }));
}
