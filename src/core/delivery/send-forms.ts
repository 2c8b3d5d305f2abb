import type { Platform } from '../identity.js';
import type { CoreLogger } from '../logs/logger.js';
import type { ReplyForm } from '../ports/channel.js';
import type { CoreMetrics, SendFailedEvent } from '../ports/metrics.js';
import { SendFailedError, type SendFailure } from '../ports/notify.js';
import type { Reply } from '../reply.js';

/**
 * The order of a reply's forms on one send, decided from what each send reports
 * (docs/reliability.md §2.4): `rich` first; after a definite refusal, `plain`, when the reply has a
 * richer form at all (a table); after `unknown` nothing more, because the platform may have posted it.
 * A failure that is not a {@link SendFailedError} is a bug, and is thrown on.
 */
export type Tried<T> = T | { readonly failed: SendFailure };

export function failed<T>(tried: Tried<T>): tried is { readonly failed: SendFailure } {
  return typeof tried === 'object' && tried !== null && 'failed' in tried;
}

/**
 * May the same content be sent again after a send that failed this way? After a definite refusal,
 * yes (nothing was posted: the next form, the private chat, the Outbox's next run); after
 * `unknown`, never, because the platform may have posted it (docs/reliability.md §2.4). The one
 * answer the executor's forms and places and the Outbox's schedule all ask.
 */
export function maySendAgain(failure: SendFailure): boolean {
  return failure === 'refused';
}

export interface SendFormsOptions {
  logger: CoreLogger;
  metrics?: CoreMetrics | undefined;
}

/** Sends `reply` through one primitive in its forms, in order; reports each failure once (a log line, a counter). */
export async function inForms<T>(
  o: SendFormsOptions,
  what: {
    platform: Platform;
    primitive: SendFailedEvent['primitive'];
    reply?: Reply;
    forms?: readonly ReplyForm[];
  },
  send: (form: ReplyForm) => Promise<T>,
): Promise<Tried<T>> {
  // A progress view names its own forms (ports/progress.ts): its native form, then an edited message.
  const forms: readonly ReplyForm[] = what.forms ?? (what.reply?.table ? ['rich', 'plain'] : ['rich']);
  let last: SendFailedError | undefined;
  for (const form of forms) {
    try {
      return await send(form);
    } catch (error) {
      if (!(error instanceof SendFailedError)) throw error;
      last = error;
      report(o, {
        platform: what.platform,
        primitive: what.primitive,
        report: error.report,
        reason: error.reason,
        form,
      });
      if (!maySendAgain(error.report)) break;
    }
  }
  return { failed: last!.report };
}

function report(o: SendFormsOptions, event: SendFailedEvent & { form: ReplyForm }): void {
  const { form, ...counted } = event;
  o.metrics?.sendFailed?.(counted);
  const msg = !maySendAgain(event.report)
    ? 'delivery: no answer to a send; not sent again (it may have been posted)'
    : 'delivery: the platform refused a send; trying the next form or place';
  o.logger.warn({ ...counted, form }, msg);
}
