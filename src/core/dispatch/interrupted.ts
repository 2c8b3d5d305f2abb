import type { Outbox } from '../delivery/outbox.js';
import type { Platform } from '../identity.js';
import type { Messages } from '../messages.js';
import type { AuditEntry, InterruptedNotice } from '../ports/records.js';
import type { Stores } from '../ports/stores.js';
import type { Reply } from '../reply.js';
import { userLocale } from '../values/user-locale.js';

/** Options of {@link recoverInterrupted}. */
export interface RecoverInterruptedOptions {
  stores: Stores;
  now: Date;
  /**
   * Only attempts older than this are taken as interrupted. 0 with a SQLite store (one instance:
   * whatever is open at start was cut off); with Redis, longer than any request can take, since
   * another instance may still be waiting on its provider.
   */
  olderThanMs: number;
}

/**
 * At start (docs/reliability.md §3.4, provider-notes §3): every never-retry attempt with no outcome was cut off by
 * a crash or a kill. It may have reached the provider, so it is closed as `unknown` in the audit and
 * its user is told, with the read that shows the truth, at their next message. Nothing is resent.
 * Returns how many were closed.
 */
export async function recoverInterrupted(options: RecoverInterruptedOptions): Promise<number> {
  const { stores } = options;
  const cutoff = options.now.getTime() - options.olderThanMs;
  let closed = 0;
  for await (const attempt of stores.audit.openAttempts()) {
    if (Date.parse(attempt.at) > cutoff) continue;
    const detail = 'interrupted before the provider answered; not resent';
    if (!(await stores.audit.abandon({ ...attempt, outcome: 'unknown', detail }))) continue;
    closed++;
    const notice: InterruptedNotice = {
      command: attempt.command,
      at: attempt.at,
      check: attempt.check ?? '/balance',
      ...(attempt.target === undefined ? {} : { target: attempt.target }),
    };
    const settings = await stores.settings.user(attempt.actor);
    await stores.settings.updateUser(attempt.actor, {
      interrupted: [...(settings.interrupted ?? []), notice],
    });
  }
  return closed;
}

/** The notices waiting for this user, as replies, cleared once taken. */
export async function takeInterruptedNotices(
  stores: Stores,
  identityKey: string,
  t: Messages,
  when: (iso: string) => string,
): Promise<Reply[]> {
  const settings = await stores.settings.user(identityKey);
  if (!settings.interrupted?.length) return [];
  await stores.settings.updateUser(identityKey, { interrupted: undefined });
  return settings.interrupted.map((n) => ({
    text: t.interrupted(`/${n.command}`, when(n.at), n.check),
    tone: 'warning' as const,
    visibility: 'personal' as const,
  }));
}

/**
 * A shutdown gave up on never-retry operations still waiting on the provider (docs/reliability.md §6): each is closed as `unknown` in the audit and its user told now, privately, with the
 * read that shows the truth, instead of at their next message after the restart. When the message
 * cannot go out, the notice waits for their next reply as after a crash. Returns how many were told.
 */
export async function tellAbandoned(o: {
  stores: Stores;
  outbox: Outbox;
  attempts: AuditEntry[];
}): Promise<number> {
  let told = 0;
  for (const attempt of o.attempts) {
    const detail = 'abandoned by a shutdown before the provider answered; not resent';
    if (!(await o.stores.audit.abandon({ ...attempt, outcome: 'unknown', detail }).catch(() => false)))
      continue;
    const [platform, tenant = '', ...user] = attempt.actor.split(':');
    const settings = await o.stores.settings.user(attempt.actor).catch(() => ({}) as UserSettingsLike);
    const loc = userLocale({ chosen: settings.locale, timeZone: settings.timeZone });
    const check = attempt.check ?? '/balance';
    const text = loc.t.interrupted(`/${attempt.command}`, loc.fmt.dateTime(new Date(attempt.at)), check);
    const to = { platform: platform as Platform, tenant, kind: 'user' as const, user: user.join(':') };
    const sent = await o.outbox.send(to, { text, tone: 'warning', visibility: 'personal' });
    // Without an answer it may have been posted: never told again as a notice (docs/reliability.md §2.4).
    if (sent.status === 'sent' || sent.status === 'unknown') {
      told++;
      continue;
    }
    const notice: InterruptedNotice = { command: attempt.command, at: attempt.at, check };
    await o.stores.settings
      .updateUser(attempt.actor, { interrupted: [...(settings.interrupted ?? []), notice] })
      .catch(() => undefined);
  }
  return told;
}

type UserSettingsLike = { locale?: string; timeZone?: string; interrupted?: InterruptedNotice[] };
