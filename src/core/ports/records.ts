import type { Role } from '../identity.js';

/**
 * A linked credential, as the core sees it once decrypted. Only the username and `md5_hex(password)`
 * are kept, never the password (docs/accounts.md §2.1).
 */
export interface LinkedCredential {
  /** Short label the user picks or we derive (`demo`, `work`), unique per chat user. */
  label: string;
  /** `account`: a Telephony account. `card`: a PIN-creation account for `mycard-v2` (D2). */
  kind: 'account' | 'card';
  username: string;
  md5: string;
  linkedAt: string;
}

/** Everything linked to one chat identity (or one support channel). */
export interface CredentialRecord {
  credentials: LinkedCredential[];
  /** Label of the active account credential. */
  active?: string | undefined;
}

/** Parsed arguments as JSON: the client's own values by a tag (`$phone`, `$day`), money in minor units. */
export type EncodedArgs =
  | string
  | number
  | boolean
  | null
  | { readonly $phone: string }
  | { readonly $day: string }
  | { readonly $absent: true }
  | readonly EncodedArgs[]
  | { readonly [key: string]: EncodedArgs };

/** A confirmation or button waiting for a press (docs/interface.md §2.1). */
export interface PendingAction {
  id: string;
  /**
   * `confirm` runs `command` with `args`; `hangup` stops `args[0]`; `page` re-reads `command` for
   * another page of its list (docs/interface.md §3.2); `prompt` asks for the one missing argument
   * of `command` (docs/interface.md §3.3).
   */
  kind: 'confirm' | 'hangup' | 'page' | 'prompt';
  /** Opened from the home menu: its screens carry a Back button. */
  fromMenu?: boolean;
  command: string;
  /** The argument tokens as typed: a page or a prompt runs them again; a hang-up names its call. */
  args: string[];
  /**
   * A confirmation's arguments as its command's parse made them, encoded (dispatch/pending-args.ts):
   * Confirm runs on these, never parsing `args` again. Absent in an action an older version wrote.
   */
  typedArgs?: EncodedArgs;
  /** identityKey of the asker. */
  owner: string;
  /** When set, any agent of this support channel may press it too. */
  agentChannel?: string | undefined;
  chatId: string;
  createdAt: string;
  expiresAt: string;
}

/** Per-user settings. */
export interface UserSettings {
  /** The language the user chose with `/language` (`en`, `de`); wins over the platform's hint. */
  locale?: string;
  /** The IANA time zone the user chose with `/timezone`; wins over the platform's (Slack `tz`). */
  timeZone?: string;
  /** The last call started by this user, for `/hangup` without an id. */
  lastCallId?: string;
  /** A call start whose answer never came (outcome unknown): no id, but `/hangup` still helps (docs/reliability.md §3.5). */
  unknownCall?: { a: string; b: string; at: string };
  /** A linking conversation in progress (docs/accounts.md §1.2: username, then password). Never holds the password. */
  conversation?: LinkConversation;
  /**
   * Never-retry operations this user started that were interrupted before an outcome was known
   * (a crash, a kill): told with the user's next reply, then cleared (docs/reliability.md §3.4).
   */
  interrupted?: InterruptedNotice[];
  /** The bot asked for the one missing argument of a command (a PIN, a number): the next text answers it. */
  prompt?: ArgumentPrompt;
  /** The user's latest confirmation still waiting for Confirm (its pending id), for `/cancel`. */
  liveConfirm?: string;
}

export interface InterruptedNotice {
  command: string;
  target?: string;
  /** When the request was about to be sent (ISO). */
  at: string;
  /** The read that shows what happened, e.g. `/balance` (provider-notes §3). */
  check: string;
}

/**
 * `/topup` without a PIN asks for it; a shared contact fills B of `/call`. The answer is placed
 * between `before` and `after` and the command runs as if typed (docs/interface.md §3.3). Never holds a secret:
 * the missing argument is the secret, and it is not stored.
 */
export interface ArgumentPrompt {
  command: string;
  before: string[];
  after: string[];
  /** What is asked, for the question and the answer's checks. */
  ask: 'pin' | 'number' | 'amount';
  expiresAt: string;
}

export interface LinkConversation {
  step: 'username' | 'password';
  kind: 'account' | 'card';
  username?: string;
  label?: string | undefined;
  expiresAt: string;
}

/** Per-chat settings. */
export interface ChatSettings {
  /** A group admin allowed personal data (balance, CDRs) to be shown in this shared chat (docs/privacy.md §1.4). */
  showPersonalData?: boolean;
  /** A support channel (docs/privacy.md §3.1): agents act with the team's credentials stored under this chat. */
  support?: { agents: string[]; agentGroup?: string | undefined; setupBy: string; setupAt: string };
}

export interface AuditEntry {
  at: string;
  /** identityKey of the actor. */
  actor: string;
  actorName?: string | undefined;
  /** platform chat key. */
  chat: string;
  /** The account username acted on. */
  account: string;
  command: string;
  /** The CLI or number acted on, when there is one. */
  target?: string;
  /**
   * `attempted`: written before a never-retry request is sent (write-ahead, docs/reliability.md §3.3); the entry
   * with the same `id` and the final outcome closes it.
   */
  outcome: 'attempted' | 'ok' | 'refused' | 'failed' | 'unknown';
  /** Plain-word outcome, never a secret. */
  detail?: string;
  role?: Role;
  /** Ties an `attempted` record to its outcome. */
  id?: string;
  /** The read that reconciles an unknown outcome, e.g. `/balance`. */
  check?: string;
}
