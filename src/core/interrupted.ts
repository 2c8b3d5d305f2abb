import type { Messages } from './messages.js';
import type { InterruptedNotice } from './ports/records.js';
import type { Stores } from './ports/stores.js';
import type { Reply } from './reply.js';

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
 * At start (issue 10, provider-notes §3): every never-retry attempt with no outcome was cut off by
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
