import { randomBytes } from 'node:crypto';
import type { CalendarDate } from '../../telephony/dates.js';
import type { CommandContext } from '../command-spec.js';
import { sharedChatMayShow } from '../delivery/delivery.js';
import { errorReply } from '../delivery/error-replies.js';
import type { Reply } from '../reply.js';
import type { CdrQuery } from '../values/args.js';
import { keepDays, PERIOD_READ_LIMIT, widenDays } from '../values/zone-days.js';
import { PeriodIncompleteError, readPeriod } from './cdr-period.js';

/** A period read whole: its records in the user's days, and the UTC days that came back full. */
export interface WholePeriod<R> {
  readonly all: R[];
  readonly fullDays: CalendarDate[];
  /** Progress was shown (more than one read): `closeProgress` ends it. */
  readonly shown: boolean;
}

/** The steps of an export's plan, as each channel shows them (ports/progress.ts). */
const STEPS = ['read', 'total', 'file'] as const;

/**
 * Reads the query's period whole (cdr-period.ts) in the user's days (zone-days.ts), showing progress
 * once it takes more than one read. A read that stops midway answers with what was read and no
 * file and no total (docs/proactive.md §7.3): `{ reply }`, which the command returns as it is.
 */
export async function readWhole<R extends { start: Date }>(
  ctx: CommandContext<CdrQuery>,
  read: (from: CalendarDate, to: CalendarDate) => Promise<readonly R[]>,
): Promise<WholePeriod<R> | { reply: Reply }> {
  const { t, fmt, progress } = ctx;
  const q = ctx.args;
  let shown = false;
  const others = await seenByOthers(ctx);
  const detail = (s: { daysRead: number; days: number; records: number }) =>
    others ? t.exportReadDays(s.daysRead, s.days) : t.exportReadDetail(s.daysRead, s.days, s.records);
  try {
    const got = await readPeriod(read, widenDays(q.from, q.to, fmt.timeZone), {
      limit: PERIOD_READ_LIMIT,
      stopped: () => progress.stopped(),
      onRead(soFar, pending) {
        if (!shown && pending > 0) {
          shown = true;
          const steps = STEPS.filter((id) => id !== 'file' || q.csv);
          progress.start(
            t.exportTitle(fmt.calendarDate(q.from), fmt.calendarDate(q.to)),
            steps.map((id) => ({ id, title: stepTitle(ctx, id) })),
          );
        }
        if (shown) progress.step('read', pending > 0 ? 'in_progress' : 'complete', detail(soFar));
      },
    });
    return { all: keepDays(got.records, q.from, q.to, fmt.timeZone), fullDays: got.fullDays, shown };
  } catch (error) {
    if (!(error instanceof PeriodIncompleteError)) throw error;
    if (shown) {
      progress.step('read', 'error', detail(error.soFar));
      if (q.csv) progress.step('file', 'error', t.exportNoFile);
      await progress.fail();
    }
    const { daysRead, days, records } = error.soFar;
    if (error.why === 'stopped')
      return { reply: { text: t.cdrsReadStopped(daysRead, days, records), tone: 'warning' } };
    const why = errorReply(error.cause, { t, ref: randomBytes(4).toString('hex') });
    if (!why.expected) throw error.cause;
    const text = `${t.cdrsReadFailed(daysRead, days, records)}\n${why.reply.text ?? ''}`.trim();
    return { reply: { text, tone: 'error', visibility: 'personal' } };
  }
}

/** Closes a shown plan with the total and the file's name (when the export made one). */
export async function closeProgress(
  ctx: CommandContext<CdrQuery>,
  period: { shown: boolean },
  totals: { count: number; total: string; file?: string | undefined },
): Promise<void> {
  const { t, progress } = ctx;
  if (!period.shown) return;
  progress.step(
    'total',
    'complete',
    (await seenByOthers(ctx)) ? undefined : t.exportTotalDetail(totals.count, totals.total),
  );
  if (totals.file) progress.step('file', 'complete', t.exportFileDetail(totals.file));
  await progress.done();
}

/**
 * Progress shows where the command was typed, which others may read (a group): there, unless the
 * chat allowed personal data (the one delivery rule, `sharedChatMayShow`), it says how many days
 * were read and nothing of the calls, their count or total, which are personal (docs/privacy.md
 * §1.3) and go privately with the answer.
 */
async function seenByOthers(ctx: CommandContext<CdrQuery>): Promise<boolean> {
  return (
    ctx.chat.kind === 'shared' && !sharedChatMayShow('personal', await ctx.stores.settings.chat(ctx.chatKey))
  );
}

function stepTitle(ctx: CommandContext<CdrQuery>, id: (typeof STEPS)[number]): string {
  const { t } = ctx;
  return id === 'read' ? t.exportStepRead : id === 'total' ? t.exportStepTotal : t.exportStepFile;
}
