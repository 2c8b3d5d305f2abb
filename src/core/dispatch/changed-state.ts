import type { AuditEntry } from '../ports/records.js';
import type { TurnRecord } from './turn.js';

/**
 * Whether a turn changed state (docs/privacy.md §2.2): what a channel needs to know before it runs
 * an edit of the message as a new one. Read from what the turn did, never from its words:
 *
 * - an audited operation of the turn (a top-up, a call, an approval asked, a group setting) decides
 *   by its last record: `ok`, `unknown` or an attempt never closed changed state (the write may have
 *   happened); all of them `refused` or `failed` (the provider said no) changed nothing;
 * - else, the handler of a run that changes state started (its shape's effect, `runEffect`): it may
 *   have written, whatever it answered;
 * - else (a read, a refusal by a step, a parse failure, a question, a confirm prompt): nothing.
 */
export function changedState(record: TurnRecord): boolean {
  // An operation's last record is its outcome (an `attempted` one is closed by a later record).
  const last = new Map(
    record.audited.map((entry, i): [string, AuditEntry['outcome']] => [entry.id ?? `#${i}`, entry.outcome]),
  );
  const outcomes = [...last.values()];
  if (outcomes.some((o) => o !== 'refused' && o !== 'failed')) return true;
  return outcomes.length === 0 && record.writing === true;
}
