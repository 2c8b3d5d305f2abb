/**
 * The Bot Connector API as Teams answers it (docs/teams.md §5, from Microsoft's Teams pages on
 * targeted messages, conversations and rate limits): `POST v3/conversations`, `POST
 * v3/conversations/{id}/activities[/{replyToId}]`, `PUT`/`DELETE …/activities/{id}`, the
 * `?isTargetedActivity=true` flag, and Teams' refusals: 400 for a targeted send without a recipient
 * or a targeted edit/delete with one, 404 `BotNotInConversationRoster`, 404 for a targeted message
 * older than 24 hours, 403 for a 1:1 chat with someone who never installed the app, per-thread
 * 429s (7 sends in 1 s, 8 in 2 s, 60 in 30 s, 1800 in an hour) and the global per-tenant 429 (every
 * request of the app in the tenant, sends, edits and roster reads alike: 50 a second) with
 * `Retry-After`; a FileConsentCard taken in a personal chat only (400 elsewhere); and the team's
 * roster: a member's role (`…/members/{user}`) and the paged members (`…/pagedmembers`, with its
 * `continuationToken`). OneDrive's upload URLs are served by fake-teams.ts.
 */

/** One request the Connector API received, as recorded for tests and the transcript. */
export interface ConnectorCall {
  readonly method: string;
  /** The conversation id the path names ('' for `POST v3/conversations`). */
  readonly conversation: string;
  /** The activity id the path names (a reply's `replyToId`, an edit's or delete's target). */
  readonly activityId?: string;
  readonly targeted: boolean;
  readonly body: Record<string, unknown> | undefined;
  /** The status answered. */
  readonly status: number;
}

/** A message as the Connector API keeps it, with what each member can read. */
export interface StoredMessage {
  readonly id: string;
  readonly conversation: string;
  activity: Record<string, unknown>;
  /** The channel message this one replies to (a reply in its thread). */
  readonly replyTo?: string;
  /** A targeted message's one reader (its recipient id); absent: everyone in the conversation. */
  readonly recipient?: string;
  readonly at: number;
  deleted?: boolean;
}

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Teams' per-bot, per-thread limits: [sends, window in ms] (Teams rate-limit page). */
export const THREAD_LIMITS: readonly (readonly [number, number])[] = [
  [7, 1_000],
  [8, 2_000],
  [60, 30_000],
  [1_800, 3_600_000],
];

/** Teams' global limit per app per tenant: requests a second (Teams rate-limit page: 50 RPS). */
export const TENANT_LIMIT_PER_SECOND = 50;

function tooMany(waitMs: number): Answer {
  return {
    ...error(429, 'TooManyRequests', 'Too many requests.'),
    headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
  };
}

const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message } },
});

/** A FileConsentCard's and a FileInfoCard's content types (Microsoft's page on bot files). */
export const FILE_CONSENT = 'application/vnd.microsoft.teams.card.file.consent';
export const FILE_INFO = 'application/vnd.microsoft.teams.card.file.info';

export const hasAttachment = (body: Record<string, unknown> | undefined, type: string): boolean =>
  ((body?.attachments as { contentType?: string }[] | undefined) ?? []).some((a) => a.contentType === type);

export class FakeConnector {
  readonly calls: ConnectorCall[] = [];
  readonly messages = new Map<string, StoredMessage>();
  /** Conversations the bot was removed from (or never in): sends there are 404 BotNotInConversationRoster. */
  readonly notInRoster = new Set<string>();
  /**
   * The team's and group chats' members and their role (`GET v3/conversations/{id}/members/{user}`,
   * the member's `userRole`: `owner` for a team owner); a user not listed is 404.
   */
  readonly members = new Map<string, 'owner' | 'user'>();
  /** Display names of members (`members`' ids); absent: the id without its `29:`. */
  readonly names = new Map<string, string>();
  /** Users who installed the app (a 1:1 chat can be created with them); absent users get 403. */
  readonly installedFor = new Set<string>();
  /** Per conversation, the times of accepted sends (for the thread limits). */
  readonly #sends = new Map<string, number[]>();
  /**
   * The organisation has the targeted-messages preview. Microsoft documents no answer for a tenant
   * without it; the fake answers such a send 400 (docs/teams.md §5).
   */
  targetedPreview = true;
  /** Switch the thread and tenant limits off (a test of something else sending a burst). */
  limits = true;
  /** The tenant's requests a second (the fake serves one tenant); a test may lower it. */
  tenantLimit = TENANT_LIMIT_PER_SECOND;
  /** Times of the tenant's accepted requests, for the global limit. */
  #tenantRequests: number[] = [];
  #seq = 0;
  /** Waiters for a call yet to come (`next`). */
  #waiting: { match: (c: ConnectorCall) => boolean; found: (c: ConnectorCall) => void }[] = [];

  constructor(private readonly now: () => number) {}

  /** The first call from now on that `match`es: a test waits for a late answer without sleeping. */
  next(match: (c: ConnectorCall) => boolean): Promise<ConnectorCall> {
    return new Promise((found) => this.#waiting.push({ match, found }));
  }

  handle(
    method: string,
    parts: string[],
    targeted: boolean,
    body: Record<string, unknown> | undefined,
    query: URLSearchParams = new URLSearchParams(),
  ): Answer {
    const [conversation = '', under, activityId] = parts;
    const answer =
      method === 'GET' && under === 'pagedmembers'
        ? (this.#overTenant() ?? this.#pagedMembers(conversation, query))
        : this.#answer(method, conversation, activityId, targeted, body);
    const call: ConnectorCall = {
      method,
      conversation,
      ...(activityId ? { activityId } : {}),
      targeted,
      body,
      status: answer.status,
    };
    this.calls.push(call);
    const waiter = this.#waiting.find((w) => w.match(call));
    if (waiter) {
      this.#waiting = this.#waiting.filter((w) => w !== waiter);
      waiter.found(call);
    }
    return answer;
  }

  #answer(
    method: string,
    conversation: string,
    activityId: string | undefined,
    targeted: boolean,
    body: Record<string, unknown> | undefined,
  ): Answer {
    const overTenant = this.#overTenant();
    if (overTenant) return overTenant;
    if (method === 'POST' && conversation === '') return this.#create(body);
    if (method === 'GET') return this.#member(activityId);
    if (this.notInRoster.has(conversation))
      return error(404, 'BotNotInConversationRoster', 'The bot is not part of the conversation roster.');
    const recipient = (body?.recipient as { id?: string } | undefined)?.id;
    if (method === 'POST') {
      if (targeted && !recipient) return error(400, 'BadArgument', 'A targeted message needs a recipient.');
      if (targeted && !this.targetedPreview)
        return error(400, 'BadArgument', 'Targeted messages are not enabled.');
      // Bots send files only in a personal chat (Microsoft's page on bot files); the answer to a
      // consent card elsewhere is not documented: the fake chooses 400.
      if (!conversation.startsWith('a:') && hasAttachment(body, FILE_CONSENT))
        return error(400, 'BadArgument', 'Files can be sent only in a personal chat.');
      const limited = this.#limited(conversation);
      if (limited) return limited;
      const id = `1:${++this.#seq}`;
      this.messages.set(id, {
        id,
        conversation,
        activity: body ?? {},
        ...(activityId ? { replyTo: activityId } : {}),
        ...(targeted && recipient ? { recipient } : {}),
        at: this.now(),
      });
      return { status: 201, body: { id } };
    }
    const stored = activityId ? this.messages.get(activityId) : undefined;
    if (!stored || stored.conversation !== conversation || stored.deleted)
      return error(404, 'ActivityNotFoundInConversation', 'The activity was not found in the conversation.');
    if (targeted && recipient)
      return error(400, 'BadArgument', 'A targeted edit or delete takes no recipient.');
    if (stored.recipient && this.now() - stored.at > DAY_MS)
      return error(
        404,
        'ActivityNotFoundInConversation',
        'Targeted messages older than 24 hours cannot be changed.',
      );
    if (method === 'DELETE') stored.deleted = true;
    else stored.activity = { ...(body ?? {}), id: stored.id };
    return { status: 200, body: { id: stored.id } };
  }

  /**
   * `GET v3/conversations/{team}/pagedmembers?pageSize=&continuationToken=` (Teams' roster page):
   * a page of 50 to 500 members (default 200), and a `continuationToken` while more are left; the
   * bot removed from the team is 403 `BotNotInConversationRoster`; a token this roster never gave
   * is 400.
   */
  #pagedMembers(conversation: string, query: URLSearchParams): Answer {
    if (this.notInRoster.has(conversation))
      return error(403, 'BotNotInConversationRoster', 'The bot is not part of the conversation roster.');
    const asked = Number(query.get('pageSize') ?? 200);
    const size = Math.min(500, Math.max(50, Number.isFinite(asked) ? asked : 200));
    const token = query.get('continuationToken');
    const from = token === null ? 0 : Number(/^page-(\d+)$/.exec(token)?.[1] ?? Number.NaN);
    if (!Number.isInteger(from)) return error(400, 'BadArgument', 'The continuation token is not valid.');
    const all = [...this.members.entries()].map(([id, role]) => this.#account(id, role));
    const page = all.slice(from, from + size);
    const next = from + size < all.length ? { continuationToken: `page-${from + size}` } : {};
    return { status: 200, body: { members: page, ...next } };
  }

  #account(id: string, role: 'owner' | 'user') {
    const name = this.names.get(id) ?? id.replace(/^29:/, '');
    return { id, name, aadObjectId: `aad-${name}`, userRole: role };
  }

  /** A member's details; the path's third part is the user id (`…/members/{userId}`). */
  #member(userId: string | undefined): Answer {
    const role = userId ? this.members.get(userId) : undefined;
    if (!userId || !role) return error(404, 'MemberNotFoundInConversation', 'The member was not found.');
    return { status: 200, body: this.#account(userId, role) };
  }

  /** `POST v3/conversations`: a 1:1 chat with a user who installed the app. */
  #create(body: Record<string, unknown> | undefined): Answer {
    const members = (body?.members as { id?: string }[] | undefined) ?? [];
    const user = members[0]?.id;
    if (!user || members.length !== 1) return error(400, 'BadArgument', 'One member is needed.');
    if (!this.installedFor.has(user))
      return error(403, 'Forbidden', 'The app is not installed for this user.');
    return { status: 201, body: { id: `a:${user}` } };
  }

  #limited(conversation: string): Answer | undefined {
    const now = this.now();
    const times = (this.#sends.get(conversation) ?? []).filter((t) => now - t < 3_600_000);
    this.#sends.set(conversation, times);
    if (this.limits) {
      for (const [count, windowMs] of THREAD_LIMITS) {
        const inWindow = times.filter((t) => now - t < windowMs);
        if (inWindow.length >= count) {
          return tooMany(inWindow[0]! + windowMs - now);
        }
      }
    }
    times.push(now);
    return undefined;
  }

  /** The global limit: every request of the app in the tenant counts, whatever it asks. */
  #overTenant(): Answer | undefined {
    const now = this.now();
    this.#tenantRequests = this.#tenantRequests.filter((t) => now - t < 1_000);
    if (this.limits && this.#tenantRequests.length >= this.tenantLimit)
      return tooMany(this.#tenantRequests[0]! + 1_000 - now);
    this.#tenantRequests.push(now);
    return undefined;
  }

  /** What `userId` can read in `conversation` now: every message but those targeted at someone else. */
  visibleTo(conversation: string, userId: string): StoredMessage[] {
    return [...this.messages.values()].filter(
      (m) => m.conversation === conversation && !m.deleted && (!m.recipient || m.recipient === userId),
    );
  }
}
